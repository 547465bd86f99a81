/** The guard around every request handler. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { runSafe } from '../../server/src/lsp/runSafe';

const token = (cancelled: boolean): CancellationToken => ({
  isCancellationRequested: cancelled,
  onCancellationRequested: () => ({ dispose() {} }),
});

test('a throwing handler is logged and answers the default value', async () => {
  const logged: string[] = [];
  const r = await runSafe({ error: (m) => logged.push(m) }, token(false), 'fallback', 'hover', () => {
    throw new Error('boom');
  });
  assert.equal(r, 'fallback');
  assert.match(logged[0] ?? '', /^hover failed: boom/);
});

test('a cancelled request answers RequestCancelled, before or after the work', async () => {
  const before = await runSafe({ error: () => undefined }, token(true), 0, 'x', () => 1);
  assert.ok(before instanceof ResponseError && before.code === LSPErrorCodes.RequestCancelled);
  const t = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
  const after = await runSafe({ error: () => undefined }, t, 0, 'x', async () => {
    t.isCancellationRequested = true;
    return 1;
  });
  assert.ok(after instanceof ResponseError);
});

test('a normal result passes through', async () => {
  assert.deepEqual(await runSafe({ error: () => undefined }, undefined, [], 'x', async () => [1, 2]), [1, 2]);
});
