/** core/lockfile/load.ts with injected readers: every failure is one line for the user, nothing thrown. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadLockfile } from '../../../server/src/core/lockfile/load';
import { ioReason } from '../../../server/src/core/text/ioReason';

const failing = (err: unknown) => async (): Promise<string> => {
  throw err;
};
const coded = (code: string) => Object.assign(new Error(`${code}: x`), { code });

test('read failures: friendly reasons for the common codes, the code otherwise, a first line without a code', async () => {
  const cases: [unknown, string][] = [
    [coded('ENOENT'), 'no such file'],
    [coded('ENOTDIR'), 'no such file'],
    [coded('EISDIR'), 'is a directory'],
    [coded('EACCES'), 'permission denied'],
    [coded('EPERM'), 'permission denied'],
    [coded('EMFILE'), 'EMFILE'],
    [new Error('the editor closed the document\n    at somewhere (x.ts:1:1)'), 'the editor closed the document'],
    ['a string', 'I/O error'],
    [null, 'I/O error'],
  ];
  for (const [err, reason] of cases) {
    assert.equal(ioReason(err), reason);
    assert.deepEqual(await loadLockfile('/x', failing(err)), {
      ok: false,
      stage: 'read',
      message: `cannot read the lockfile (${reason})`,
    });
  }
});

test('a corrupt lockfile keeps its problems and text; a valid one comes with its text; the parser is injectable', async () => {
  const bad = await loadLockfile('/x', async () => '{"agent": 1}');
  assert.equal(bad.ok, false);
  assert.ok(!bad.ok && bad.stage === 'parse' && bad.text === '{"agent": 1}' && bad.problems.length > 1);
  assert.match(bad.ok ? '' : bad.message, /^corrupt lockfile: \/agent: "agent" must be a string \(and \d+ more\)$/);
  const text = JSON.stringify({
    agent: 'http://127.0.0.1:9',
    pinned_at: '2026-10-02T08:00:00Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    requires: {},
  });
  const good = await loadLockfile('/x', async () => text);
  assert.ok(good.ok && good.text === text && good.lockfile.agent === 'http://127.0.0.1:9');
  let parsed = 0;
  await loadLockfile(
    '/x',
    async () => text,
    (t) => {
      parsed++;
      return { ok: false, problems: [{ pointer: '', message: t.length ? 'nope' : 'empty' }] };
    },
  );
  assert.equal(parsed, 1);
});
