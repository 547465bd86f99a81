/**
 * A lockfile's `requires.extensions` are extensions its workflow implements: pin compiles the card with them known,
 * and so does every check (lockfile/currentProfile.ts). The round trip pin → check of an agent that REQUIRES such an
 * extension is compatible, in the CLI (--card and the core path --live shares) and in the editor, without repeating
 * --known-extension at check time. (It was "breaking: the agent is no longer usable" twice over.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MemoryCardCache } from '../../server/src/core/cache/loadedCards';
import { createCardLoader } from '../../server/src/core/check/cardLoader';
import type { CardSource } from '../../server/src/core/check/types';
import { DEFAULT_CLIENT } from '../../server/src/core/types';
import { CheckLockfilesRequest, PinOptionsRequest, PinRequest } from '../../server/src/protocol';
import { startLsp } from '../lsp/harness';
import { cli, tempDir } from '../cli/helpers';

const CARD = join(__dirname, '..', 'fixtures', 'check', 'required-extension', 'card.json');
const PAYMENTS = 'https://ext.example.com/payments/v2';

test('CLI: pin --extension, then check without --known-extension → compatible; without the extension in the lock → breaking', async (t) => {
  const dir = tempDir(t);
  copyFileSync(CARD, join(dir, 'card.json'));
  const pinned = await cli(
    ['pin', 'card.json', '--skill', 'take-payment', '--extension', PAYMENTS, '--out', 'lock.json'],
    dir,
  );
  assert.equal(pinned.code, 0, pinned.stderr);
  const checked = await cli(['check', 'lock.json', '--card', 'card.json'], dir);
  assert.equal(checked.code, 0, checked.stdout);
  const report = JSON.parse(checked.stdout);
  assert.deepEqual([report.classification, report.problems], ['compatible', []]);
  // `update` (which always knew the lock's extensions) agrees.
  assert.match((await cli(['update', 'lock.json'], dir)).stdout, /lock\.json: compatible/);

  // A workflow that does not rely on the extension cannot use this agent: that stays breaking.
  const lock = JSON.parse(readFileSync(join(dir, 'lock.json'), 'utf8'));
  lock.requires.extensions = [];
  writeFileSync(join(dir, 'without.json'), JSON.stringify(lock));
  const without = await cli(['check', 'without.json', '--card', 'card.json', '--format', 'text'], dir);
  assert.equal(without.code, 1);
  assert.match(
    without.stdout,
    /breaking +\/agent +the agent is no longer usable by this client: the card requires extension https:\/\/ext\.example\.com\/payments\/v2/,
  );
});

test('card loader: a 304 reuses a cached profile only when it was compiled for the same client', async () => {
  const card = JSON.parse(readFileSync(CARD, 'utf8'));
  let answered = 0;
  const source: CardSource = {
    fetch: async (_url, previous) =>
      answered++ > 0 && previous ? { status: 'unchanged' } : { status: 'fresh', card, validators: { etag: '"1"' } },
  };
  const cache = new MemoryCardCache();
  const plain = () => createCardLoader({ source, cache, client: DEFAULT_CLIENT });
  const knowing = () => createCardLoader({ source, cache, client: { ...DEFAULT_CLIENT, knownExtensions: [PAYMENTS] } });
  assert.equal((await plain().load('x')).profile.usable, false);
  const second = await knowing().load('x');
  assert.deepEqual(
    [second.unchanged, second.profile.usable],
    [true, true],
    'the 304 was compiled again for a client that knows the extension',
  );
  const third = await plain().load('x');
  assert.deepEqual([third.unchanged, third.profile.usable], [true, false]);
  const fourth = await plain().load('x');
  assert.equal(fourth.profile, third.profile, 'the same client gets the same cached profile object (no recompilation)');
});

test('editor: pin options offer a required extension the settings do not know; pin with it; the check is compatible', async (t) => {
  const dir = tempDir(t);
  const cardPath = join(dir, 'payments.agent-card.json');
  copyFileSync(CARD, cardPath);
  const lsp = await startLsp({ settings: { workspaceTrusted: true } });
  t.after(() => lsp.stop());
  const source = { uri: pathToFileURL(cardPath).href };
  const options = await lsp.connection.sendRequest(PinOptionsRequest.type, { source });
  assert.equal(options.error, undefined);
  assert.deepEqual(options.extensions, [
    { uri: PAYMENTS, required: true },
    { uri: 'https://ext.example.com/traceability/v1', required: false },
  ]);
  const target = pathToFileURL(join(dir, 'payments.a2a-lock.json')).href;
  const selection = { skills: ['take-payment'], input: [], output: [], streaming: false, extensions: [PAYMENTS] };
  const pinned = await lsp.connection.sendRequest(PinRequest.type, { source, selection, target, probe: false });
  assert.equal(pinned.written, true, pinned.error);
  const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [target] });
  assert.deepEqual(
    checked.results.map((r) => r.verdict),
    ['compatible'],
  );
  // The open lockfile against the open card (the editor's diagnostics): nothing is breaking, the digest matches.
  const cardText = readFileSync(cardPath, 'utf8');
  await lsp.open(source.uri, 'a2a-agent-card', cardText);
  const lockText = readFileSync(join(dir, 'payments.a2a-lock.json'), 'utf8');
  await lsp.open(target, 'a2a-lockfile', lockText);
  const diagnostics = await lsp.diagnostics(target);
  assert.deepEqual(
    diagnostics.filter((d) => String(d.code).startsWith('lockfile-')).map((d) => [d.code, d.message]),
    [],
  );
  const withoutText = lockText.replace(`"${PAYMENTS}"`, '');
  const without = await lsp.change(target, withoutText.replace(/"extensions": \[\s*\]/, '"extensions": []'));
  const breaking = await lsp.diagnosticsWhen(target, (d) => d.some((x) => x.code === 'lockfile-breaking'));
  assert.ok(
    breaking.some((d) => d.code === 'lockfile-breaking' && /requires extension/.test(String(d.message))),
    `${without.getText()}\n${JSON.stringify(breaking)}`,
  );

  // Leaving the required extension out is refused by the pin itself, with the reason.
  const refused = await lsp.connection.sendRequest(PinRequest.type, {
    source,
    selection: { ...selection, extensions: [] },
    target,
    probe: false,
  });
  assert.equal(refused.written, false);
  assert.match(refused.error ?? '', /requires extension https:\/\/ext\.example\.com\/payments\/v2/);
});
