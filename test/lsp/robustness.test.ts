/** Bad input gets a finding and the server stays up: never a crash, a stack trace or a hang. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startLsp, type LspSession } from './harness';

let s: LspSession;
let n = 0;
before(async () => { s = await startLsp(); });
after(async () => { await s.stop(); });

const PATHOLOGICAL: Record<string, string> = {
  'deep nesting': '['.repeat(100_000),
  'deep valid nesting': `{"name": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
  'binary': '\u0000\u0001\u0002PNG\u0000',
  'empty': '',
  'a bare string': '"just a string"',
  'lone surrogate and BOM': '\ufeff{"name": "\ud800"}',
  'prototype keys': '{"__proto__": {"polluted": true}, "constructor": {"prototype": {}}, "skills": [{"id": "__proto__", "tags": ["t"]}]}',
};

for (const [name, text] of Object.entries(PATHOLOGICAL)) {
  test(`${name}: diagnostics, hover, completion, outline and fixes answer without crashing`, async () => {
    const uri = `file:///robust/${++n}/agent-card.json`;
    const doc = await s.open(uri, 'a2a-agent-card', text);
    const diags = await s.diagnostics(uri);
    assert.ok(Array.isArray(diags));
    const mid = doc.positionAt(Math.floor(text.length / 2));
    await s.hover(uri, mid);
    await s.completion(uri, mid);
    await s.symbols(uri);
    await s.folding(uri);
    await s.codeActions(uri, { start: mid, end: mid }, diags);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
}

test('the server is still healthy afterwards and wrote nothing to stderr', async () => {
  const uri = `file:///robust/${++n}/agent-card.json`;
  await s.open(uri, 'a2a-agent-card', readFileSync(join(__dirname, 'fixtures', 'good.agent-card.json'), 'utf8'));
  assert.deepEqual((await s.diagnostics(uri)).map((d) => d.code), ['skill-mode-narrows-default']);
  assert.equal(s.stderr(), '');
  // Handlers did not fail and fall back to their default: they handled the input.
  assert.deepEqual(s.logs.filter((l) => /failed/.test(l)), []);
  assert.equal(s.child.exitCode, null);
});
