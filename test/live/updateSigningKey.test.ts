/**
 * `a2acap update --trust-store` against a live agent on 127.0.0.1 whose card the test re-signs: the pinned signing key
 * is compared as check compares it, and a rewrite records the key that verifies the card now (none once the card is
 * no longer signed), never a key the trust store does not hold; without a trust store the pinned key is kept.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { CryptoKey, JWK } from 'jose' with { 'resolution-mode': 'import' };
import { canonicalPayloads } from '../../server/src/core/signature/canonical';
import { cli, tempDir } from '../cli/helpers';

const CARD = JSON.parse(readFileSync(join(__dirname, '../fixtures/signatures/card.json'), 'utf8')) as Record<
  string,
  unknown
>;

interface Signer {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
  spki: string;
  thumbprint: string;
}

let agent: Server;
let agentUrl: string;
let served: string;
let a: Signer;
let b: Signer;
let intruder: Signer;

async function signer(kid: string): Promise<Signer> {
  const jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await jose.exportJWK(publicKey)), kid, alg: 'ES256' };
  return {
    kid,
    privateKey,
    jwk,
    spki: await jose.exportSPKI(publicKey),
    thumbprint: await jose.calculateJwkThumbprint(jwk, 'sha256'),
  };
}

/** The card signed by `s` (a new signature each time: ECDSA signatures differ, so does the digest). */
async function signedBy(s: Signer): Promise<string> {
  const jose = await import('jose');
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(CARD).spec))
    .setProtectedHeader({ alg: 'ES256', kid: s.kid, typ: 'JOSE' })
    .sign(s.privateKey);
  return JSON.stringify({ ...CARD, signatures: [{ protected: jws.protected, signature: jws.signature }] });
}

before(async () => {
  [a, b, intruder] = await Promise.all([signer('key-a'), signer('key-b'), signer('key-c')]);
  agent = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(served);
  });
  await new Promise<void>((r) => agent.listen(0, '127.0.0.1', () => r()));
  agentUrl = `http://127.0.0.1:${(agent.address() as AddressInfo).port}/.well-known/agent-card.json`;
});
after(async () => {
  agent.closeAllConnections();
  await new Promise<void>((r) => agent.close(() => r()));
});

/** key-a and key-b as PEM public keys; key-c is nobody's. */
async function pinnedWithA(dir: string): Promise<void> {
  writeFileSync(join(dir, 'trust.json'), JSON.stringify({ 'key-a': a.spki, 'key-b': b.spki }));
  served = await signedBy(a);
  const r = await cli(
    ['pin', agentUrl, '--skill', 'translate', '--trust-store', 'trust.json', '--out', 'a2a-lock.json'],
    dir,
  );
  assert.equal(r.code, 0, r.stderr);
  assert.equal(signingKey(dir)?.thumbprint, a.thumbprint);
}

function signingKey(dir: string): { kid?: string; thumbprint: string; origin: string } | undefined {
  const lock = JSON.parse(readFileSync(join(dir, 'a2a-lock.json'), 'utf8')) as { signing_key?: never };
  return lock.signing_key;
}

async function update(dir: string, ...extra: string[]) {
  return cli(['update', 'a2a-lock.json', '--format', 'json', ...extra], dir);
}

function classification(stdout: string): string | undefined {
  const report = JSON.parse(stdout) as { providers: { lockfiles: { classification?: string }[] }[] };
  return report.providers[0]?.lockfiles[0]?.classification;
}

describe('update re-pins the signing key', () => {
  test('a rotated key is review and the rewrite records the new key', async (t) => {
    const dir = tempDir(t, 'a2a-update-keys-');
    await pinnedWithA(dir);
    served = await signedBy(b);
    const shown = await update(dir, '--trust-store', 'trust.json');
    assert.equal(shown.code, 1, shown.stderr);
    assert.equal(classification(shown.stdout), 'review');
    assert.ok(shown.stdout.includes(b.thumbprint), shown.stdout);
    const r = await update(dir, '--trust-store', 'trust.json', '--yes');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(signingKey(dir), { kid: 'key-b', thumbprint: b.thumbprint, origin: 'trust-store:key-b' });
  });

  test('a card no longer signed: review and the key is dropped; breaking under require until accepted', async (t) => {
    const dir = tempDir(t, 'a2a-update-keys-');
    await pinnedWithA(dir);
    served = JSON.stringify(CARD);
    const strict = await update(dir, '--trust-store', 'trust.json', '--signature-policy', 'require', '--yes');
    assert.equal(strict.code, 2, strict.stderr);
    assert.equal(classification(strict.stdout), 'breaking');
    assert.equal(signingKey(dir)?.thumbprint, a.thumbprint, 'a breaking change not accepted is not written');
    const accepted = await update(
      dir,
      ...['--trust-store', 'trust.json', '--signature-policy', 'require', '--yes', '--accept-breaking'],
    );
    assert.equal(accepted.code, 0, accepted.stderr);
    assert.equal(signingKey(dir), undefined);
  });

  test('a card no longer signed under the default policy is review, rewritten without a key', async (t) => {
    const dir = tempDir(t, 'a2a-update-keys-');
    await pinnedWithA(dir);
    served = JSON.stringify(CARD);
    const r = await update(dir, '--trust-store', 'trust.json', '--yes');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(classification(r.stdout), 'review');
    assert.equal(signingKey(dir), undefined);
  });

  test('a key the trust store does not hold is never recorded: the pinned key stays', async (t) => {
    const dir = tempDir(t, 'a2a-update-keys-');
    await pinnedWithA(dir);
    served = await signedBy(intruder);
    const r = await update(dir, '--trust-store', 'trust.json', '--yes');
    assert.equal(classification(r.stdout), 'review', r.stdout + r.stderr);
    assert.equal(signingKey(dir)?.thumbprint, a.thumbprint);
    assert.ok(!readFileSync(join(dir, 'a2a-lock.json'), 'utf8').includes(intruder.thumbprint));
  });

  test('without a trust store the pinned key is kept (nothing confirmed or replaced it)', async (t) => {
    const dir = tempDir(t, 'a2a-update-keys-');
    await pinnedWithA(dir);
    served = await signedBy(b);
    const r = await update(dir, '--yes');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(signingKey(dir)?.thumbprint, a.thumbprint);
  });
});
