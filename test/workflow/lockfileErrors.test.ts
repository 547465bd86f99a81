/**
 * A lockfile that cannot be read or is corrupt gets ONE message (test/fixtures/lockfile-errors/cases.json),
 * whichever command or editor request reads it: they all load through core/lockfile/load.ts.
 * (They differed: "not a valid lockfile: /: …" in `check --card`, "(ENOENT)" in `update` and the editor,
 * no "(and N more)" in `update` and the editor.)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { CheckLockfilesRequest, LockfileDiffRequest, UpdateLockfileRequest } from '../../server/src/protocol';
import { startLsp, type LspSession } from '../lsp/harness';
import { cli, tempDir } from '../cli/helpers';
import { at } from '../at';

const FIXTURES = join(__dirname, '..', 'fixtures');
const { cases } = JSON.parse(readFileSync(join(FIXTURES, 'lockfile-errors', 'cases.json'), 'utf8')) as {
  cases: { file: string; message: string }[];
};

let lsp: LspSession;
before(async () => {
  lsp = await startLsp({ settings: { workspaceTrusted: false } });
});
after(() => lsp.stop());

/** The lockfile path of a case, made in `dir` when it is a missing file, a directory or a FIFO. */
function lockPath(file: string, dir: string): string {
  if (file === '(missing)') return join(dir, 'missing.a2a-lock.json');
  if (file === '(device)') return '/dev/zero';
  if (file === '(fifo)') {
    const fifo = join(dir, 'fifo.a2a-lock.json');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
    return fifo;
  }
  if (file === '(directory)') {
    mkdirSync(join(dir, 'dir.a2a-lock.json'));
    return join(dir, 'dir.a2a-lock.json');
  }
  return join(FIXTURES, 'lockfiles', file);
}

for (const { file, message } of cases) {
  test(`${file}: "${message}" from every reader`, async (t) => {
    const dir = tempDir(t);
    const path = lockPath(file, dir);
    writeFileSync(join(dir, 'card.json'), JSON.stringify(pricingCard('http://127.0.0.1:9', 'base')));

    const byCard = await cli(['check', path, '--card', 'card.json'], dir);
    assert.equal(byCard.code, 2);
    assert.equal(byCard.stderr, `a2acap check: ${path}: ${message}\n`);
    assert.equal(JSON.parse(byCard.stdout).results[0].error, message);

    const live = await cli(['check', path, '--live', '--format', 'json'], dir);
    assert.equal(live.code, 2);
    assert.equal(JSON.stringify(JSON.parse(live.stdout)).includes(JSON.stringify(message)), true, live.stdout);

    const update = await cli(['update', path], dir);
    assert.equal(update.code, 2);
    assert.equal(update.stderr, `a2acap update: ${path}: ${message}\n`);

    if (!file.startsWith('(')) {
      // probe first asks whether the argument is a file at all
      const probe = await cli(['probe', path], dir);
      assert.equal(probe.code, 2);
      assert.equal(probe.stderr, `a2acap probe: ${path}: ${message}\n`);
    }

    const uri = pathToFileURL(path).href;
    const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [uri] });
    assert.equal(at(checked.results, 0).verdict, 'error');
    assert.equal(at(at(checked.results, 0).items, 0).message, message);
    assert.equal((await lsp.connection.sendRequest(LockfileDiffRequest.type, { uri })).error, message);
    assert.deepEqual(await lsp.connection.sendRequest(UpdateLockfileRequest.type, { uri }), {
      written: false,
      error: message,
    });
  });
}

// A lockfile's `agent` is untrusted text: naming a FIFO nobody writes to used to hang `check --live` and the
// language server's check forever (open() waits for a writer). Both now report the card unreadable at once.
test('a lockfile whose agent names a FIFO: "not a regular file" from the CLI and the editor, no wait', async (t) => {
  const dir = tempDir(t);
  const fifo = join(dir, 'card.fifo');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
  const lock = join(dir, 'agent.a2a-lock.json');
  const fixture = JSON.parse(readFileSync(join(FIXTURES, 'lockfiles', 'valid-minimal.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(lock, JSON.stringify({ ...fixture, agent: 'card.fifo' }, null, 2));
  const message = `${fifo}: cannot read the card (not a regular file)`;

  const live = await cli(['check', lock, '--live', '--format', 'json'], dir);
  assert.equal(live.code, 2, live.stderr);
  assert.equal(JSON.parse(live.stdout).results[0].error, message);

  const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [pathToFileURL(lock).href] });
  assert.equal(at(checked.results, 0).verdict, 'error');
  assert.equal(at(at(checked.results, 0).items, 0).message, message);
});

// One lockfile that is not a file on disk (an unsaved document) used to make the whole check return no results,
// and the diff and update answer "internal error" with a stack trace in the log.
test('a lockfile URI that is not a file: an error for that entry, the others still checked', async () => {
  const good = join(FIXTURES, 'lockfiles', 'valid-minimal.json');
  const untitled = 'untitled:Untitled-1';
  const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, {
    uris: [pathToFileURL(good).href, untitled, 'file://fileserver/share/x.a2a-lock.json'],
    staleMarkers: untitled,
  });
  assert.equal(checked.results.length, 3);
  assert.equal(at(checked.results, 1).verdict, 'error');
  assert.match(
    at(at(checked.results, 1).items, 0).message,
    /only files on disk are supported \(got untitled:Untitled-1\)/,
  );
  assert.equal(at(checked.results, 2).verdict, 'error');
  assert.notEqual(at(checked.results, 0).items[0]?.message ?? '', at(at(checked.results, 1).items, 0).message);
  assert.match(
    (await lsp.connection.sendRequest(LockfileDiffRequest.type, { uri: untitled })).error ?? '',
    /only files on disk are supported/,
  );
  assert.match(
    (await lsp.connection.sendRequest(UpdateLockfileRequest.type, { uri: untitled })).error ?? '',
    /only files on disk are supported/,
  );
});

// A lockfile whose agent is a URL of another scheme used to be taken as a relative path (".../file:/etc/passwd: no such file").
test('a lockfile whose agent is a file:, data: or ftp: URL: said so, nothing is read', async (t) => {
  const dir = tempDir(t);
  const fixture = JSON.parse(readFileSync(join(FIXTURES, 'lockfiles', 'valid-minimal.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  for (const agent of ['file:///etc/passwd', 'data:application/json,{}', 'ftp://x.example/card.json']) {
    const lock = join(dir, 'x.a2a-lock.json');
    writeFileSync(lock, JSON.stringify({ ...fixture, agent }));
    const live = await cli(['check', lock, '--live', '--format', 'json'], dir);
    assert.equal(live.code, 2, live.stderr);
    assert.match(
      JSON.parse(live.stdout).results[0].error,
      /^(file|data|ftp): URLs are not card locations: give an http\(s\) URL or a path to a card file$/,
    );
  }
});
