/** Diagnostics from the real server over stdio: codes, exact ranges, docs links, data, settings. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-protocol';
import { startLsp, type LspSession } from './harness';
import { at } from '../at';

const FIXTURES = join(__dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
let s: LspSession;
let n = 0;
/** A fresh uri per test so documents never interfere. */
const uri = (name: string) => `file:///ws/t${++n}/${name}`;

before(async () => {
  s = await startLsp();
});
after(async () => {
  await s.stop();
});

function flat(d: Diagnostic): [number, number, number, number] {
  return [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character];
}

test('missing member, array item and unknown member map to the expected ranges', async () => {
  const u = uri('mapping.agent-card.json');
  await s.open(u, 'a2a-agent-card', fixture('mapping.agent-card.json'));
  const got = await s.diagnostics(u);
  const expected = JSON.parse(fixture('mapping.expected.json')) as {
    code: string;
    pointer: string;
    severity: number;
    range: number[];
  }[];
  assert.deepEqual(
    got
      .map((d) => ({
        code: d.code,
        pointer: (d.data as { pointer: string }).pointer,
        severity: d.severity,
        range: flat(d),
      }))
      .sort((a, b) => a.pointer.localeCompare(b.pointer)),
    expected
      .map(({ code, pointer, severity, range }) => ({ code, pointer, severity, range }))
      .sort((a, b) => a.pointer.localeCompare(b.pointer)),
  );
  for (const d of got) {
    assert.equal(d.source, 'a2a');
    assert.equal(
      d.codeDescription?.href,
      `https://github.com/a2a-capabilities/a2a-capabilities/blob/main/docs/rules.md#${d.code}`,
    );
  }
});

test('a syntax error is reported at the offending token', async () => {
  const u = uri('syntax-error.agent-card.json');
  await s.open(u, 'a2a-agent-card', fixture('syntax-error.agent-card.json'));
  const got = await s.diagnostics(u);
  assert.equal(got.length, 1);
  assert.equal(at(got, 0).code, 'invalid-json');
  assert.deepEqual(flat(at(got, 0)), [3, 2, 3, 11]);
});

test('diagnostics carry the fix data of the finding', async () => {
  const u = uri('good.agent-card.json');
  await s.open(u, 'a2a-agent-card', fixture('good.agent-card.json'));
  const [d] = await s.diagnostics(u);
  assert.equal(d?.code, 'skill-mode-narrows-default');
  assert.equal(d?.severity, DiagnosticSeverity.Information);
  assert.deepEqual(d?.data, {
    pointer: '/skills/0/inputModes',
    // Where the fix finds the lists in the card, not the lists themselves (a card may hold thousands of defaults).
    fix: { skillId: 'quote', direction: 'input', defaultsMember: 'defaultInputModes' },
  });
});

test('edits re-validate: fixing the error clears it for the new version', async () => {
  const u = uri('mapping.agent-card.json');
  const text = fixture('mapping.agent-card.json');
  await s.open(u, 'a2a-agent-card', text);
  assert.ok((await s.diagnostics(u)).some((d) => d.code === 'invalid-media-type'));
  await s.change(u, text.replace('"texplain"', '"text/markdown"'));
  assert.ok(!(await s.diagnostics(u)).some((d) => d.code === 'invalid-media-type'));
});

test('a plain JSON document is validated when its path matches a configured pattern, and only then', async () => {
  const card = fixture('mapping.agent-card.json');
  const matching = uri('deploy/agent-card.json');
  await s.open(matching, 'json', card);
  assert.ok((await s.diagnostics(matching)).some((d) => d.code === 'unknown-field'));
});

test('closing a document clears its diagnostics', async () => {
  const u = uri('mapping.agent-card.json');
  await s.open(u, 'a2a-agent-card', fixture('mapping.agent-card.json'));
  assert.ok((await s.diagnostics(u)).length > 0);
  await s.close(u);
  // The server publishes an empty list once the document is gone.
  assert.deepEqual(await s.diagnosticsWhen(u, (d) => d.length === 0), []);
});
