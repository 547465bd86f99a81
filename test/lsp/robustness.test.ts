/** Bad input gets a finding and the server stays up: never a crash, a stack trace or a hang. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startLsp, type LspSession } from './harness';

let s: LspSession;
let n = 0;
before(async () => {
  s = await startLsp();
});
after(async () => {
  await s.stop();
});

const PATHOLOGICAL: Record<string, string> = {
  'deep nesting': '['.repeat(100_000),
  'deep valid nesting': `{"name": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
  binary: '\u0000\u0001\u0002PNG\u0000',
  empty: '',
  'a bare string': '"just a string"',
  'lone surrogate and BOM': '\ufeff{"name": "\ud800"}',
  'prototype keys':
    '{"__proto__": {"polluted": true}, "constructor": {"prototype": {}}, "skills": [{"id": "__proto__", "tags": ["t"]}]}',
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
  assert.deepEqual(
    (await s.diagnostics(uri)).map((d) => d.code),
    ['skill-mode-narrows-default'],
  );
  assert.equal(s.stderr(), '');
  // Handlers did not fail and fall back to their default: they handled the input.
  assert.deepEqual(
    s.logs.filter((l) => /failed/.test(l)),
    [],
  );
  assert.equal(s.child.exitCode, null);
});

test('change ranges past the end or reversed are clamped: the server keeps the text the client has', async () => {
  const { DidChangeTextDocumentNotification, DidOpenTextDocumentNotification } =
    await import('vscode-languageserver-protocol');
  const card = readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8');
  const uri = `file:///robust/${++n}/agent-card.json`;
  await s.open(uri, 'a2a-agent-card', card);
  const lines = card.split('\n').length;
  const send = (version: number, changes: unknown[]) =>
    s.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: changes as never,
    });
  // Past the end (a newline appended at the end), reversed (empty), then an ordinary keystroke after the "{".
  await send(2, [
    { range: { start: { line: lines + 5, character: 0 }, end: { line: lines + 6, character: 0 } }, text: '\n' },
  ]);
  await send(3, [{ range: { start: { line: 1, character: 0 }, end: { line: 0, character: 1 } }, text: '' }]);
  await send(4, [{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: ' ' }]);
  const diags = await s.diagnosticsWhen(uri, () => true);
  // The old line table duplicated the text: "Unexpected content after the end of the JSON value".
  assert.deepEqual(
    diags.filter((d) => d.code === 'invalid-json'),
    [],
    JSON.stringify(diags),
  );
  for (const d of diags)
    for (const p of [d.range.start, d.range.end])
      assert.ok(Number.isInteger(p.line) && Number.isInteger(p.character), JSON.stringify(d.range));
  // A client that opens a document without text: an empty document, and the other documents are unaffected.
  const bare = `file:///robust/${++n}/agent-card.json`;
  await s.connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: bare, languageId: 'a2a-agent-card', version: 1 },
  } as never);
  assert.ok(Array.isArray(await s.diagnostics(bare)));
  assert.ok((await s.hover(uri, { line: 1, character: 4 })) !== undefined);
});

test('custom requests with missing or mistyped parameters: "invalid params" naming the member, no stack trace', async () => {
  const requests: [string, unknown, RegExp][] = [
    ['a2a/fetchCard', null, /the parameters must be an object/],
    ['a2a/probeAgent', { url: 42 }, /"url" must be a string/],
    ['a2a/checkLockfiles', { uris: [null] }, /"uris" must be an array of strings/],
    ['a2a/lockfileDiff', {}, /"uri" must be a string/],
    ['a2a/updateLockfile', [], /the parameters must be an object/],
    ['a2a/pin', { source: {}, target: 'file:///x', selection: null }, /"selection" must be an object/],
    ['a2a/pinOptions', { source: 'x' }, /"source" must be an object/],
    ['a2a/capabilities', { uri: 1 }, /"uri" must be a string/],
    ['a2a/migrateCard', null, /the parameters must be an object/],
  ];
  const logged = s.logs.length;
  for (const [method, params, message] of requests) {
    await assert.rejects(s.connection.sendRequest(method, params), (err: { code?: number; message?: string }) => {
      assert.equal(err.code, -32602, `${method}: ${err.message}`);
      assert.match(err.message ?? '', message);
      return true;
    });
  }
  assert.deepEqual(
    s.logs.slice(logged).filter((l) => /\n\s+at /.test(l)),
    [],
    'no stack trace logged',
  );
});

test('a quote in a comment does not hide deep nesting from the guard; a deep outline stops at a readable depth', async () => {
  const logged = s.logs.length;
  const commented = `file:///robust/${++n}/agent-card.json`;
  await s.open(commented, 'a2a-agent-card', `// "\n${'['.repeat(50_000)}`);
  assert.deepEqual(await s.completion(commented, { line: 1, character: 25_000 }), []);
  const deep = `file:///robust/${++n}/agent-card.json`;
  await s.open(deep, 'a2a-agent-card', `{"a": ${'['.repeat(1999)}${']'.repeat(1999)}}`);
  const outline = await s.symbols(deep);
  assert.equal(outline[0]?.name, 'a', 'the outline is there (the recursion used to overflow the stack)');
  assert.deepEqual(
    s.logs.slice(logged).filter((l) => /Maximum call stack|\n\s+at /.test(l)),
    [],
  );
});
