/** A card file a lockfile names is held to the card size limit before it is read: check --live and update. */
import assert from 'node:assert/strict';
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, tempDir } from './helpers';

const LOCK = {
  agent: './big.agent-card.json',
  pinned_at: '2026-01-01T00:00:00Z',
  card_digest: `sha256:${'0'.repeat(64)}`,
  requires: { skills: { quote: {} } },
};

/** A 28 MB file that takes no room on disk (sparse): reading it would cost what a real one does. */
function bigCardFile(dir: string): void {
  const fd = openSync(join(dir, 'big.agent-card.json'), 'w');
  ftruncateSync(fd, 28 * 1024 * 1024);
  closeSync(fd);
}

for (const argv of [
  ['check', '--live', '--format', 'text', 'a2a-lock.json'],
  ['update', 'a2a-lock.json'],
]) {
  test(`${argv[0]}: a 28 MB card file is refused by its size, naming the limit`, async (t) => {
    const dir = tempDir(t);
    bigCardFile(dir);
    writeFileSync(join(dir, 'a2a-lock.json'), JSON.stringify(LOCK));
    const run = await cli(argv, dir);
    const out = run.stdout + run.stderr;
    assert.equal(run.code, 2, out);
    assert.match(
      out,
      /big\.agent-card\.json: the card file is larger than the 1048576-byte card limit, so it was not read/,
    );
    assert.doesNotMatch(out, /^\s+at /m);
  });
}

test('check --live: the limit is --max-card-bytes when given', async (t) => {
  const dir = tempDir(t);
  bigCardFile(dir);
  writeFileSync(join(dir, 'a2a-lock.json'), JSON.stringify(LOCK));
  const run = await cli(['check', '--live', '--format', 'text', '--max-card-bytes', '2000', 'a2a-lock.json'], dir);
  assert.equal(run.code, 2);
  assert.match(run.stdout + run.stderr, /larger than the 2000-byte card limit/);
});
