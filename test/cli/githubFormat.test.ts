/**
 * `--format github` (check and lint): GitHub Actions workflow commands, one annotation per problem on the lockfile
 * member (or card member) it is about, one per lockfile that could not be checked, then the summary line. The
 * names and texts come from the repository (a fork's pull request): none may end the line and start a workflow
 * command of its own in the step log.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, tempDir } from './helpers';

const ROOT = join(__dirname, '..', '..');
const INJECTION = join(ROOT, 'test', 'ci', 'fixtures', 'workflow-commands');
const STREAMING_GONE = join(ROOT, 'test', 'fixtures', 'check', 'breaking-streaming-gone');

/** A well-formed annotation line: level, escaped properties (no raw `,` `:` or line break in a value), message. */
const ANNOTATION = /^::(error|warning|notice) file=[^,:\r\n]*(,line=\d+,col=\d+)?,title=[\w-]+::[^\r\n]*$/;

/** A property value back as the runner reads it. */
function decodeProperty(value: string): string {
  return value.replace(/%(25|0D|0A|3A|2C)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The lines of a github report: annotations, then exactly one summary line, which is last. */
function assertWellFormed(stdout: string, summary: RegExp): string[] {
  const lines = stdout.split('\n');
  assert.equal(lines.pop(), '', 'ends with a line break');
  assert.match(lines.pop() ?? '', summary);
  for (const line of lines) assert.match(line, ANNOTATION);
  return lines;
}

test('check: annotations on the lockfile members, relative to the working directory, then the summary', async (t) => {
  const dir = tempDir(t);
  mkdirSync(join(dir, 'locks'));
  copyFileSync(join(STREAMING_GONE, 'lock.json'), join(dir, 'locks', 'pricing.a2a-lock.json'));
  copyFileSync(join(STREAMING_GONE, 'card.json'), join(dir, 'card.json'));
  writeFileSync(join(dir, 'locks', 'corrupt.a2a-lock.json'), '{\n  "agent": 42\n}\n');
  const r = await cli(
    [
      'check',
      '--card',
      'card.json',
      '--format',
      'github',
      join(dir, 'locks', 'pricing.a2a-lock.json'),
      'locks/corrupt.a2a-lock.json',
    ],
    dir,
  );
  assert.equal(r.code, 2, r.output);
  const lines = assertWellFormed(r.stdout, /^a2acap check: 2 lockfiles: 0 compatible, 0 review, 1 breaking, 1 error$/);
  // "requires.streaming" is line 11 of the lockfile; the absolute path given is shown relative.
  assert.ok(
    lines.includes(
      '::error file=locks/pricing.a2a-lock.json,line=11,col=18,title=lockfile-breaking::the lock needs streaming, but the card no longer declares capabilities.streaming',
    ),
    r.stdout,
  );
  const unchecked = lines.filter((l) => l.includes('title=lockfile-error'));
  assert.equal(unchecked.length, 1, 'one line per lockfile that could not be checked');
  assert.match(
    unchecked[0] ?? '',
    /^::error file=locks\/corrupt\.a2a-lock\.json,line=2,col=\d+,title=lockfile-error::could not be checked: /,
  );
});

test('check: lockfile names and skill ids from a fork cannot inject a workflow command', async (t) => {
  const dir = tempDir(t);
  copyFileSync(join(INJECTION, 'card.json'), join(dir, 'card.json'));
  const names = [
    'a\n::add-mask::pricing.a2a-lock.json',
    'b\r::stop-commands::pwned.a2a-lock.json',
    'c,line=1,title=x:y%0A::set-output name=v::ok.a2a-lock.json',
  ];
  for (const name of names) copyFileSync(join(INJECTION, 'lock.json'), join(dir, name));
  const r = await cli(['check', '--card', 'card.json', '--format', 'github', ...names], dir);
  assert.equal(r.code, 1, r.output);
  const lines = assertWellFormed(r.stdout, /^a2acap check: 3 lockfiles: /);
  for (const line of r.stdout.split(/\r\n|\r|\n/)) {
    assert.doesNotMatch(line, /^::(add-mask|stop-commands|set-output)/);
    if (line) assert.match(line, /^(::(error|notice) |a2acap check: )/);
  }
  // Each annotation still names its file as it is.
  const files = new Set(lines.map((l) => decodeProperty(/^::\w+ file=([^,]*)/.exec(l)?.[1] ?? '')));
  assert.deepEqual([...files].sort(), [...names].sort());
  // The skill ids that try it (a line break, a pre-encoded %0A) are in the messages, visibly.
  assert.match(r.stdout, /gone\\n::add-mask::pricing\.quote/);
  assert.match(r.stdout, /gone%250A::stop-commands::token/);
});

test('lint: annotations on the card members, then the summary', async (t) => {
  const dir = tempDir(t);
  // Not a valid 1.0 card (no skills, capabilities, ...): error findings.
  const card = {
    name: 'x',
    description: 'd',
    version: '1',
    supportedInterfaces: [{ url: 'http://agent.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  };
  writeFileSync(join(dir, 'bad,name:card.json'), `${JSON.stringify(card, null, 2)}\n`);
  const r = await cli(['lint', '--format', 'github', 'bad,name:card.json'], dir);
  assert.equal(r.code, 1, r.output);
  const lines = assertWellFormed(r.stdout, /^a2acap lint: \d+ errors?, \d+ warnings?, \d+ other findings? in 1 file$/);
  assert.ok(lines.length > 0);
  assert.ok(
    lines.every((l) => l.startsWith('::') && l.includes('file=bad%2Cname%3Acard.json')),
    r.stdout,
  );
  assert.ok(lines.some((l) => l.startsWith('::error ')));
});
