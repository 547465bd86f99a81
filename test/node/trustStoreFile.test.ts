/**
 * The one trust-store file reader (server/src/node/trustStoreFile.ts, parsed by app/trustStoreFile.ts) that the CLI's
 * `--trust-store` and the editor's `a2a.trustStore` path use: every file that is not a trust store is one clear
 * phrase saying what to do (never a crash, a stack or a wait), and the editor's kept copy follows the file on disk.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTrustStoreFiles, trustStoreFromFile } from '../../server/src/app/trustStoreFile';
import { MAX_TRUST_STORE_BYTES, readTrustStoreFile } from '../../server/src/node/trustStoreFile';

/** One entry naming a JWKS URL: a valid store, read without a fetch. */
const STORE = JSON.stringify({ 'key-a': 'https://keys.example.com/jwks.json' });
const noHttp = {
  request: () => Promise.reject(new Error('no network in this test')),
  close: () => Promise.resolve(),
};

let tmp = '';
before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'a2acap-trust-'));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
}

describe('the trust-store file reader', () => {
  const cases: [string, () => string, RegExp][] = [
    [
      'a missing file',
      () => join(tmp, 'nope.json'),
      /^cannot read the trust-store file \(no such file: check the path\)$/,
    ],
    [
      'a directory',
      () => (mkdirSync(join(tmp, 'dir'), { recursive: true }), join(tmp, 'dir')),
      /is a directory: name the JSON file/,
    ],
    [
      'a loop of symbolic links',
      () => {
        symlinkSync(join(tmp, 'loop-b'), join(tmp, 'loop-a'));
        symlinkSync(join(tmp, 'loop-a'), join(tmp, 'loop-b'));
        return join(tmp, 'loop-a');
      },
      /a loop of symbolic links: name the file itself/,
    ],
    [
      'a file over the limit',
      () => file('huge.json', `{"k": "${'x'.repeat(MAX_TRUST_STORE_BYTES)}"}`),
      /over the 1048576-byte limit of a trust store, which holds a few keys: is this the right file\?/,
    ],
    ['a device that never ends', () => '/dev/zero', /not a regular file: name the JSON file of keys/],
    ['not JSON', () => file('broken.json', '{"key-a": '), /^the trust store is not JSON/],
    ['JSON but not an object', () => file('array.json', '[]'), /^the trust store must be a JSON object/],
  ];
  for (const [name, path, error] of cases)
    it(`${name}: one clear line, through the plain and the kept reader alike`, async () => {
      const at = path();
      for (const files of [undefined, createTrustStoreFiles()]) {
        const read = await trustStoreFromFile(at, noHttp, 'trust store', files);
        assert.equal(read.ok, false);
        assert.ok(!read.ok);
        assert.match(read.error, error);
        assert.equal(read.error.split('\n').length, 1);
      }
    });

  it('a FIFO is refused at once, never waited on', { skip: process.platform === 'win32' }, async () => {
    const fifo = join(tmp, 'fifo.json');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    const read = await readTrustStoreFile(fifo);
    assert.deepEqual(read, {
      ok: false,
      error: 'cannot read the trust-store file (not a regular file: name the JSON file of keys)',
    });
  });

  it('reads a trust store through a symbolic link, with a byte-order mark', async () => {
    const target = file('real.json', `\uFEFF${STORE}`);
    symlinkSync(target, join(tmp, 'link.json'));
    const read = await trustStoreFromFile(join(tmp, 'link.json'), noHttp, 'trust store');
    assert.equal(read.ok, true);
  });

  it('the kept reader follows the file: changed, replaced and deleted', async () => {
    const files = createTrustStoreFiles();
    const path = file('kept.json', STORE);
    assert.deepEqual(await files.read(path), { ok: true, text: STORE });
    assert.deepEqual(await files.read(path), { ok: true, text: STORE });
    writeFileSync(path, '{}');
    assert.deepEqual(await files.read(path), { ok: true, text: '{}' });
    const replacement = file('replacement.json', '{"x": 1}');
    unlinkSync(path);
    symlinkSync(replacement, path);
    assert.deepEqual(await files.read(path), { ok: true, text: '{"x": 1}' });
    unlinkSync(path);
    assert.deepEqual(await files.read(path), {
      ok: false,
      error: 'cannot read the trust-store file (no such file: check the path)',
    });
  });
});
