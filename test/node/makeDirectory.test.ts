// makeDirectory (node/makeDirectory.ts): `mkdir -p` that fails instead of spinning where mkdir answers ENOENT
// with the parent present (/proc), and makes missing directories from the top.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDirectory } from '../../server/src/node/makeDirectory';

test('makes the missing directories with the mode asked; an existing one is fine', () => {
  const root = mkdtempSync(join(tmpdir(), 'a2acap-mkdir-'));
  try {
    makeDirectory(join(root, 'a', 'b', 'c'), 0o700);
    assert.ok(statSync(join(root, 'a', 'b', 'c')).isDirectory());
    assert.equal(statSync(join(root, 'a', 'b', 'c')).mode & 0o777, 0o700);
    makeDirectory(join(root, 'a', 'b'));
    writeFileSync(join(root, 'file'), '');
    assert.throws(
      () => makeDirectory(join(root, 'file', 'x')),
      (err: { code?: string }) => err.code === 'ENOTDIR',
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('under /proc it fails at once with ENOENT', () => {
  assert.throws(
    () => makeDirectory('/proc/a2acap-no-such/x'),
    (err: { code?: string }) => err.code === 'ENOENT',
  );
});
