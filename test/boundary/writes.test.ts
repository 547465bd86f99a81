// Files the product writes: never through a symbolic link out of the repository; and what a writer killed with
// SIGKILL left (its temporary file) is removed by the next write of the same file, while a live writer's is kept.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { writeFileAtomic } from '../../server/src/node/writeAtomic';
import { writeLockfile } from '../../server/src/node/writeLockfile';
import { fileStaleMarkers, nodeStaleFileSystem } from '../../server/src/node/fileStaleMarkers';
import type { Lockfile } from '../../server/src/core/types';
import { tempDir } from '../cli/helpers';

const ROOT = join(__dirname, '..', '..');

/** A child that starts an atomic write's temporary file under its own pid (as writeAtomic names it), then hangs. */
async function writerThatHangs(target: string): Promise<ChildProcess> {
  const script = `const { tempPathFor } = require(${JSON.stringify(join(ROOT, 'server/src/node/writeAtomic.ts'))});
const fs = require('node:fs');
const fd = fs.openSync(tempPathFor(process.argv[1]), 'wx');
fs.writeSync(fd, '{"half": ');
process.stdout.write('ready\\n');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, target], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return child;
}

const temps = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe('temporary files of killed writers', () => {
  it("a SIGKILLed writer's temporary file is removed by the next write; a live writer's is kept", async (t) => {
    const dir = tempDir(t, 'a2a-writes-');
    const target = join(dir, 'x.a2a-lock.json');
    const killed = await writerThatHangs(target);
    const live = await writerThatHangs(target);
    t.after(() => {
      live.kill('SIGKILL');
    });
    assert.equal(temps(dir).length, 2);
    killed.kill('SIGKILL');
    await once(killed, 'exit');
    await writeFileAtomic(target, '{}\n');
    assert.equal(readFileSync(target, 'utf8'), '{}\n');
    assert.deepEqual(
      temps(dir),
      temps(dir).filter((n) => n.includes(`.${live.pid}.`)),
    );
    assert.equal(temps(dir).length, 1, 'the live writer keeps its file');
    // Another file's temporary files are not this write's business.
    writeFileSync(join(dir, `.other.json.999999999.${'a'.repeat(12)}.tmp`), '');
    await writeFileAtomic(target, '{"a":1}\n');
    assert.ok(existsSync(join(dir, `.other.json.999999999.${'a'.repeat(12)}.tmp`)));
  });
});

describe('writes never follow a symbolic link out of the repository', () => {
  const lock: Lockfile = {
    lockfile_version: 1,
    agent: 'https://agent.example/',
    pinned_at: '2026-11-30T12:00:00Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    requires: {},
  } as Lockfile;

  function layout(t: Parameters<typeof tempDir>[0]) {
    const base = tempDir(t, 'a2a-writes-');
    const repo = join(base, 'repo');
    const outside = join(base, 'outside');
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(outside);
    return { repo, outside };
  }

  it('stale markers under a .a2a that links elsewhere: refused, nothing written there', async (t) => {
    const { repo, outside } = layout(t);
    symlinkSync(outside, join(repo, '.a2a'));
    await assert.rejects(
      nodeStaleFileSystem.writeFile(join(repo, '.a2a', 'stale.json'), '{}'),
      /not written: a symbolic link leads outside the repository/,
    );
    assert.deepEqual(readdirSync(outside), []);
  });

  it('stale markers through a link out of the repository are not read either (the .a2a folder or the file itself)', async (t) => {
    const { repo, outside } = layout(t);
    const markers =
      '{"version": 1, "markers": [{"agent": "https://elsewhere.example/", "reason": "outside", "at": "2026-11-30T12:00:00Z"}]}';
    writeFileSync(join(outside, 'stale.json'), markers);
    symlinkSync(outside, join(repo, '.a2a'));
    const viaFolder = join(repo, '.a2a', 'stale.json');
    await assert.rejects(
      nodeStaleFileSystem.readFile(viaFolder),
      /not read: a symbolic link leads outside the repository/,
    );
    const loaded = fileStaleMarkers(viaFolder);
    await loaded.load();
    assert.deepEqual(loaded.list(), []);
    const other = join(dirname(repo), 'other');
    mkdirSync(join(other, '.git'), { recursive: true });
    mkdirSync(join(other, '.a2a'));
    symlinkSync(join(outside, 'stale.json'), join(other, '.a2a', 'stale.json'));
    await assert.rejects(
      nodeStaleFileSystem.readFile(join(other, '.a2a', 'stale.json')),
      /not read: a symbolic link leads outside the repository/,
    );
    // Inside the repository a link is read as before.
    mkdirSync(join(other, 'state'));
    writeFileSync(join(other, 'state', 'stale.json'), markers);
    symlinkSync(join(other, 'state', 'stale.json'), join(other, 'inside.json'));
    assert.equal(await nodeStaleFileSystem.readFile(join(other, 'inside.json')), markers);
  });

  it('a lockfile that links to a lockfile elsewhere: refused, the other file unchanged', async (t) => {
    const { repo, outside } = layout(t);
    const elsewhere = join(outside, 'x.a2a-lock.json');
    writeFileSync(elsewhere, '{"agent": "keep", "requires": {}}');
    symlinkSync(elsewhere, join(repo, 'x.a2a-lock.json'));
    await assert.rejects(
      writeLockfile(join(repo, 'x.a2a-lock.json'), lock),
      /not written: a symbolic link leads outside the repository/,
    );
    assert.equal(readFileSync(elsewhere, 'utf8'), '{"agent": "keep", "requires": {}}');
    await assert.rejects(writeFileAtomic(join(repo, 'x.a2a-lock.json'), '{}'), /leads outside the repository/);
    assert.equal(readFileSync(elsewhere, 'utf8'), '{"agent": "keep", "requires": {}}');
  });

  it('inside the repository, writes go on as before (a link to a file inside is fine)', async (t) => {
    const { repo } = layout(t);
    mkdirSync(join(repo, 'locks'));
    writeFileSync(join(repo, 'locks', 'real.a2a-lock.json'), '');
    symlinkSync(join(repo, 'locks', 'real.a2a-lock.json'), join(repo, 'x.a2a-lock.json'));
    assert.equal((await writeLockfile(join(repo, 'x.a2a-lock.json'), lock)).written, true);
    assert.match(readFileSync(join(repo, 'locks', 'real.a2a-lock.json'), 'utf8'), /agent\.example/);
    await nodeStaleFileSystem.writeFile(join(repo, '.a2a', 'stale.json'), '{}');
    assert.equal(readFileSync(join(repo, '.a2a', 'stale.json'), 'utf8'), '{}');
  });
});
