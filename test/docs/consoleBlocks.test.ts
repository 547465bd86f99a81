// The transcript convention of the documents' console examples (CONTRIBUTING.md, "Examples in the documentation").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalise, parseConsoleBlocks, renderBlock } from './consoleBlocks';

const doc = [
  'Text.',
  '<!-- example: {"cwd": "examples/planner", "agent": "pricing", "card": "no-streaming"} -->',
  '```console',
  '$ a2acap pin http://127.0.0.1:41300 --skill s \\',
  '    --out x.a2a-lock.json',
  'pinned',
  '$ echo $?',
  '0',
  '```',
  '```sh',
  '$ not run',
  '```',
  '```console',
  '$ a2acap --version',
  '```',
].join('\n');

test('commands, continuations, outputs and set-up are read from the block', () => {
  const blocks = parseConsoleBlocks('x.md', doc);
  assert.equal(blocks.length, 2);
  const [first, second] = blocks;
  assert.deepEqual(first!.options, { cwd: 'examples/planner', agent: 'pricing', card: 'no-streaming' });
  assert.equal(first!.line, 3);
  assert.deepEqual(
    first!.steps.map((s) => [s.command, s.output]),
    [
      ['a2acap pin http://127.0.0.1:41300 --skill s --out x.a2a-lock.json', ['pinned']],
      ['echo $?', ['0']],
    ],
  );
  assert.deepEqual(second!.options, {});
  assert.deepEqual(renderBlock(first!, [['pinned'], ['0']]), doc.split('\n').slice(first!.start, first!.end));
  assert.notDeepEqual(
    renderBlock(first!, [['already up to date'], ['0']]),
    doc.split('\n').slice(first!.start, first!.end),
    'a different output is a difference',
  );
});

test('output before any command, or a block left open, is an error in the document', () => {
  assert.throws(() => parseConsoleBlocks('x.md', '```console\noutput\n```'), /x\.md:2: output before the first/);
  assert.throws(
    () => parseConsoleBlocks('x.md', '```console\n$ a2acap\n'),
    /x\.md:1: console block without a closing fence/,
  );
});

test('the normalisations are the documented ones and only those', () => {
  assert.equal(
    normalise(
      'task a2acap-probe-4ceec72d-36bf-4723-8ef4-bc3cf7601868 at 2026-12-01T15:17:36.123Z on 127.0.0.1:41300 in 12 ms',
    ),
    'task a2acap-probe-<uuid> at <time> on 127.0.0.1:41300 in 12 ms',
  );
});
