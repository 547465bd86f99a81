/**
 * Signing keys in the editor, through the REAL bundled language server over stdio against a signed agent on
 * 127.0.0.1: with a2a.trustStore (the keys, or the path of the trust-store file `--trust-store` takes) the editor's
 * pin records the verified `signing_key` as `a2acap pin --trust-store` does, and its live lockfile check compares it
 * under a2a.signatures.policy with exactly the items of `a2acap check --live --trust-store [--signature-policy]`.
 * Without a trust store nothing changes: no key is recorded, a pinned one is reported as before.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CryptoKey } from 'jose' with { 'resolution-mode': 'import' };
import { CheckLockfilesRequest, PinRequest } from '../../server/src/protocol';
import { canonicalPayloads } from '../../server/src/core/signature/canonical';
import { cli, tempDir } from '../cli/helpers';
import { startLsp, type LspSession } from './harness';

const CARD = JSON.parse(readFileSync(join(__dirname, '../fixtures/signatures/card.json'), 'utf8')) as Record<
  string,
  unknown
>;
const SELECTION = { skills: ['translate'], input: [], output: [], streaming: false, extensions: [] };

interface Signer {
  kid: string;
  privateKey: CryptoKey;
  spki: string;
  thumbprint: string;
}

let agent: Server;
let agentUrl: string;
let served: string;
const signers: Record<'a' | 'b' | 'nobody', Signer> = {} as never;
let lsp: LspSession;

async function signer(kid: string): Promise<Signer> {
  const jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await jose.exportJWK(publicKey)), kid, alg: 'ES256' };
  return {
    kid,
    privateKey,
    spki: await jose.exportSPKI(publicKey),
    thumbprint: await jose.calculateJwkThumbprint(jwk),
  };
}

async function signedBy(s: Signer | undefined): Promise<string> {
  if (!s) return JSON.stringify(CARD);
  const jose = await import('jose');
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(CARD).spec))
    .setProtectedHeader({ alg: 'ES256', kid: s.kid, typ: 'JOSE' })
    .sign(s.privateKey);
  return JSON.stringify({ ...CARD, signatures: [{ protected: jws.protected, signature: jws.signature }] });
}

/** key-a and key-b trusted (PEM public keys); key-c is nobody's. */
function trustStoreKeys(): Record<string, string> {
  return { 'key-a': signers.a.spki, 'key-b': signers.b.spki };
}

before(async () => {
  [signers.a, signers.b, signers.nobody] = await Promise.all([signer('key-a'), signer('key-b'), signer('key-c')]);
  agent = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(served);
  });
  await new Promise<void>((r) => agent.listen(0, '127.0.0.1', r));
  agentUrl = `http://127.0.0.1:${(agent.address() as AddressInfo).port}/.well-known/agent-card.json`;
  lsp = await startLsp({ settings: { workspaceTrusted: true } });
});
after(async () => {
  await lsp.stop();
  agent.closeAllConnections();
  await new Promise<void>((r) => agent.close(() => r()));
});

/** Pins the agent (signed by key-a) through the language server under `settings`; the lockfile written. */
async function editorPin(dir: string, settings: Record<string, unknown>): Promise<Record<string, unknown>> {
  served = await signedBy(signers.a);
  await lsp.updateSettings({ workspaceTrusted: true, ...settings });
  const lockPath = join(dir, 'a2a-lock.json');
  const pinned = await lsp.connection.sendRequest(PinRequest.type, {
    source: { url: agentUrl },
    selection: SELECTION,
    target: pathToFileURL(lockPath).href,
    probe: false,
  });
  assert.equal(pinned.error, undefined);
  return JSON.parse(readFileSync(lockPath, 'utf8')) as Record<string, unknown>;
}

type Item = { level: string; pointer: string; message: string };

async function editorCheck(dir: string): Promise<{ verdict: string; items: Item[] }> {
  const r = await lsp.connection.sendRequest(CheckLockfilesRequest.type, {
    uris: [pathToFileURL(join(dir, 'a2a-lock.json')).href],
  });
  const entry = r.results[0]!;
  return {
    verdict: entry.verdict,
    items: entry.items.map(({ level, pointer, message }) => ({ level, pointer, message })),
  };
}

async function cliCheck(dir: string, ...extra: string[]): Promise<{ verdict: string; items: Item[] }> {
  const r = await cli(['check', '--live', 'a2a-lock.json', '--format', 'json', ...extra], dir);
  assert.ok(r.code === 0 || r.code === 1, r.stderr + r.stdout);
  const result = (JSON.parse(r.stdout) as { results: { classification: string; problems: Item[]; notes?: Item[] }[] })
    .results[0]!;
  const items = [...result.problems, ...(result.notes ?? [])].map(({ level, pointer, message }) => ({
    level,
    pointer,
    message,
  }));
  return { verdict: result.classification, items };
}

const sorted = (items: Item[]) => [...items].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));

describe('signing keys in the editor', () => {
  test('pin with a2a.trustStore as keys records the verified key as `pin --trust-store` does', async (t) => {
    const dir = tempDir(t, 'a2a-editor-keys-');
    const lock = await editorPin(dir, { trustStore: trustStoreKeys() });
    assert.deepEqual(lock.signing_key, {
      kid: 'key-a',
      thumbprint: signers.a.thumbprint,
      origin: 'trust-store:key-a',
    });
    writeFileSync(join(dir, 'trust.json'), JSON.stringify(trustStoreKeys()));
    const byCli = await cli(
      ['pin', agentUrl, '--skill', 'translate', '--trust-store', 'trust.json', '--out', 'cli.a2a-lock.json'],
      dir,
    );
    assert.equal(byCli.code, 0, byCli.stderr);
    const cliLock = JSON.parse(readFileSync(join(dir, 'cli.a2a-lock.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(lock.signing_key, cliLock.signing_key);
  });

  test('without a trust store no key is recorded', async (t) => {
    const dir = tempDir(t, 'a2a-editor-keys-');
    const lock = await editorPin(dir, {});
    assert.equal(lock.signing_key, undefined);
  });

  test('Restricted Mode keeps its behaviour: a signed card file is pinned without a key', async (t) => {
    const dir = tempDir(t, 'a2a-editor-keys-');
    const card = join(dir, 'agent-card.json');
    writeFileSync(card, await signedBy(signers.a));
    const pinFile = async (workspaceTrusted: boolean) => {
      await lsp.updateSettings({ workspaceTrusted, trustStore: trustStoreKeys() });
      const lockPath = join(dir, `${String(workspaceTrusted)}.a2a-lock.json`);
      const pinned = await lsp.connection.sendRequest(PinRequest.type, {
        source: { uri: pathToFileURL(card).href },
        selection: SELECTION,
        target: pathToFileURL(lockPath).href,
        probe: false,
      });
      assert.equal(pinned.error, undefined);
      return JSON.parse(readFileSync(lockPath, 'utf8')) as Record<string, unknown>;
    };
    assert.equal((await pinFile(false)).signing_key, undefined);
    assert.equal(((await pinFile(true)).signing_key as { kid?: string } | undefined)?.kid, 'key-a');
  });

  test('a trust-store path that cannot be read or is relative fails the pin with the reason, writes nothing', async (t) => {
    const dir = tempDir(t, 'a2a-editor-keys-');
    for (const [trustStore, reason] of [
      [join(dir, 'missing.json'), /a2a\.trustStore: cannot read the trust-store file/],
      ['trust.json', /must be absolute/],
    ] as const) {
      await lsp.updateSettings({ workspaceTrusted: true, trustStore });
      const pinned = await lsp.connection.sendRequest(PinRequest.type, {
        source: { url: agentUrl },
        selection: SELECTION,
        target: pathToFileURL(join(dir, 'a2a-lock.json')).href,
        probe: false,
      });
      assert.equal(pinned.written, false);
      assert.match(pinned.error ?? '', reason);
    }
  });

  test('a trust-store file changed on disk is read again; the setting unchanged', async (t) => {
    const dir = tempDir(t, 'a2a-editor-keys-');
    const trustFile = join(dir, 'trust.json');
    writeFileSync(trustFile, '{"key-a": ');
    await lsp.updateSettings({ workspaceTrusted: true, trustStore: trustFile });
    const broken = await lsp.connection.sendRequest(PinRequest.type, {
      source: { url: agentUrl },
      selection: SELECTION,
      target: pathToFileURL(join(dir, 'a2a-lock.json')).href,
      probe: false,
    });
    assert.equal(broken.written, false);
    assert.match(broken.error ?? '', /a2a\.trustStore: the trust store is not JSON/);
    writeFileSync(trustFile, JSON.stringify(trustStoreKeys()));
    const lock = await editorPin(dir, { trustStore: trustFile });
    assert.equal((lock.signing_key as { kid?: string } | undefined)?.kid, 'key-a');
    writeFileSync(trustFile, JSON.stringify({ 'key-b': signers.b.spki }));
    const rotated = await editorPin(dir, { trustStore: trustFile });
    assert.equal(rotated.signing_key, undefined);
  });

  // What the agent serves after the pin (signed by key-a), the policy, and the verdict both the editor and the CLI give.
  const cases: { name: string; now: 'a' | 'b' | 'nobody' | undefined; policy?: string; verdict: string }[] = [
    { name: 'the same key', now: 'a', verdict: 'compatible' },
    { name: 'another trusted key (rotation)', now: 'b', verdict: 'review' },
    { name: 'a key the trust store does not hold', now: 'nobody', verdict: 'review' },
    { name: 'no signature any more', now: undefined, verdict: 'review' },
    { name: 'no signature any more, policy require', now: undefined, policy: 'require', verdict: 'breaking' },
  ];
  for (const c of cases)
    test(`check, ${c.name}: ${c.verdict}, with the items of check --trust-store`, async (t) => {
      const dir = tempDir(t, 'a2a-editor-keys-');
      const trustFile = join(dir, 'trust.json');
      writeFileSync(trustFile, JSON.stringify(trustStoreKeys()));
      await editorPin(dir, { trustStore: trustFile, ...(c.policy ? { signatures: { policy: c.policy } } : {}) });
      served = await signedBy(c.now === undefined ? undefined : signers[c.now]);
      const editor = await editorCheck(dir);
      const byCli = await cliCheck(
        dir,
        '--trust-store',
        'trust.json',
        ...(c.policy ? ['--signature-policy', c.policy] : []),
      );
      assert.equal(editor.verdict, c.verdict, JSON.stringify(editor.items));
      assert.equal(byCli.verdict, c.verdict);
      assert.deepEqual(sorted(editor.items), sorted(byCli.items));
      if (c.verdict !== 'compatible') assert.ok(editor.items.some((i) => i.pointer.startsWith('/signing_key')));
    });

  test('without a trust store a pinned key is reported as the CLI reports it without --trust-store', async (t) => {
    const dir = tempDir(t, 'a2a-editor-keys-');
    await editorPin(dir, { trustStore: trustStoreKeys() });
    await lsp.updateSettings({ workspaceTrusted: true });
    served = await signedBy(signers.b);
    const editor = await editorCheck(dir);
    const byCli = await cliCheck(dir);
    assert.equal(editor.verdict, byCli.verdict);
    assert.deepEqual(sorted(editor.items), sorted(byCli.items));
  });
});
