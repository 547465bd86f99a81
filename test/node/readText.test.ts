// The bounded reader of lockfiles and card files (server/src/node/readText.ts): regular files as they are; devices, FIFOs and
// huge files refused with a code instead of read forever (or waited on); then the same through the real CLI (`check --card`).
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readTextSync } from '../../server/src/node/readText';

const root = join(__dirname, '..', '..');
const cliPath = join(root, 'server', 'dist', 'cli.js');

let tmp = '';
before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'a2acap-read-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
}

describe('readTextSync', () => {
  it('reads a small file exactly, a byte-order mark and non-ASCII text included', () => {
    const p = join(tmp, 'small.json');
    writeFileSync(p, '\uFEFF{"name":"Agent ü — 👋"}\n');
    assert.equal(readTextSync(p), '\uFEFF{"name":"Agent ü — 👋"}\n');
  });

  it('reads an empty file as the empty string', () => {
    const p = join(tmp, 'empty.json');
    writeFileSync(p, '');
    assert.equal(readTextSync(p), '');
  });

  it('reads a file larger than its scratch buffer in full', () => {
    const p = join(tmp, 'big.json');
    const text = JSON.stringify({ description: 'x'.repeat(300 * 1024) });
    writeFileSync(p, text);
    assert.equal(readTextSync(p), text);
  });

  it('refuses a regular file over the limit from its size (EFBIG)', () => {
    const p = join(tmp, 'over.json');
    writeFileSync(p, 'x'.repeat(2000));
    assert.equal(
      codeOf(() => readTextSync(p, 1000)),
      'EFBIG',
    );
    assert.equal(readTextSync(p, 2000).length, 2000);
  });

  it('refuses a device that never ends before reading it (ENOTREG)', () => {
    assert.equal(
      codeOf(() => readTextSync('/dev/zero', 100_000)),
      'ENOTREG',
    );
  });

  it('reads a file that grew past its scratch buffer to its end, still under the limit', () => {
    const p = join(tmp, 'grown.json');
    const text = 'y'.repeat(200 * 1024);
    writeFileSync(p, text);
    assert.equal(readTextSync(p, 300 * 1024), text);
    assert.equal(
      codeOf(() => readTextSync(p, 100 * 1024)),
      'EFBIG',
    );
  });

  it('keeps the codes of files that cannot be read', () => {
    assert.equal(
      codeOf(() => readTextSync(join(tmp, 'missing.json'))),
      'ENOENT',
    );
    const dir = join(tmp, 'a-directory');
    mkdirSync(dir);
    assert.equal(
      codeOf(() => readTextSync(dir)),
      'EISDIR',
    );
  });

  it('refuses a FIFO at once, with no writer (its open() alone would wait forever) or with one', async () => {
    const fifo = join(tmp, 'lock.fifo');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
    assert.equal(
      codeOf(() => readTextSync(fifo)),
      'ENOTREG',
    );
    // With a writer in another process: still refused, before a byte is read (the writer is then killed).
    const writer = spawn('sh', ['-c', `printf '{"part":2}' > "$1"`, 'sh', fifo]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(
      codeOf(() => readTextSync(fifo)),
      'ENOTREG',
    );
    writer.kill();
  });
});

describe('a2acap check with a path that never ends', () => {
  it('reports a one-line read error and exits 2 instead of reading /dev/zero forever', () => {
    const card = join(root, 'examples', 'cards', 'good.agent-card.json');
    const r = spawnSync(process.execPath, [cliPath, 'check', '/dev/zero', '--card', card], {
      encoding: 'utf8',
      timeout: 20000,
    });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stdout + r.stderr, /cannot read the lockfile \(not a regular file\)/);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  });
});
