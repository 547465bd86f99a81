import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../server/src/node/writeAtomic';
import { bigLockfileText } from './fixtures/bigLockfile';

const writer = join(__dirname, 'fixtures', 'atomicWriter.ts');

test('writes the content and leaves no temporary file behind', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-atomic-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const target = join(dir, 'x.a2a-lock.json');
  writeFileSync(target, 'old');
  await writeFileAtomic(target, 'new\n');
  assert.equal(readFileSync(target, 'utf8'), 'new\n');
  assert.deepEqual(readdirSync(dir), ['x.a2a-lock.json']);
});

test('a failed write (missing directory) throws and touches nothing', async () => {
  await assert.rejects(writeFileAtomic(join(tmpdir(), 'a2a-no-such-dir-x9', 'x.json'), '{}'), /ENOENT/);
});

test('readers during rewrites and a SIGKILL mid-rewrite only ever see a complete lockfile (old or new)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-atomic-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const target = join(dir, 'big.a2a-lock.json');
  const a = bigLockfileText('a');
  const b = bigLockfileText('b');
  writeFileSync(target, 'initial');
  const child = spawn(process.execPath, ['--import', 'tsx', writer, target], { stdio: ['ignore', 'pipe', 'inherit'] });
  let started = 0;
  let exited = false;
  child.stdout!.on('data', (chunk: Buffer) => {
    started += chunk
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('start')).length;
  });
  child.once('exit', () => {
    exited = true;
  });
  const complete = (text: string) => text === 'initial' || text === a || text === b;
  // While the child rewrites, a reader must only ever see a complete file (a plain writeFile fails this
  // at once: the file is truncated and then filled). Then kill the child as a rewrite starts.
  let reads = 0;
  while (started < 6 && !exited) {
    const seen = readFileSync(target, 'utf8');
    reads++;
    assert.ok(complete(seen), `a reader saw a torn file: ${seen.length} bytes (complete files are ${a.length} bytes)`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(exited, false, 'the writer died early');
  assert.ok(reads > 0);
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
  const content = readFileSync(target, 'utf8');
  assert.ok(
    content === a || content === b,
    `target is torn after SIGKILL: ${content.length} bytes (complete files are ${a.length} bytes)`,
  );
  JSON.parse(content);
  // The interrupted temporary file may remain (the process had no chance to clean up), but never under the target name.
  assert.ok(readdirSync(dir).every((name) => name === 'big.a2a-lock.json' || name.endsWith('.tmp')));
});
