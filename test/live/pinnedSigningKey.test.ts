/**
 * The signing key pinned with the capabilities, against a live agent on 127.0.0.1 whose card the test re-signs:
 * `pin --trust-store` records the verified key (kid, RFC 7638 thumbprint, origin), and `check --live --trust-store`
 * says compatible for the same key, review for another (both thumbprints named), review or breaking (policy
 * require) for a card no longer signed, and never follows a card's jku to a key the trust store does not hold.
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
let jwksServer: Server;
let agentUrl: string;
let jwksUrl: string;
let served: string;
let jwksHits = 0;
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

async function signedBy(s: Signer, header: Record<string, string> = {}): Promise<string> {
  const jose = await import('jose');
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(CARD).spec))
    .setProtectedHeader({ alg: 'ES256', kid: s.kid, typ: 'JOSE', ...header })
    .sign(s.privateKey);
  return JSON.stringify({ ...CARD, signatures: [{ protected: jws.protected, signature: jws.signature }] });
}

function listen(server: Server): Promise<string> {
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

before(async () => {
  [a, b, intruder] = await Promise.all([signer('key-a'), signer('key-b'), signer('key-c')]);
  agent = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(served);
  });
  jwksServer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/intruder.json') {
      jwksHits++;
      res.end(JSON.stringify({ keys: [intruder.jwk] }));
    } else res.end(JSON.stringify({ keys: [a.jwk] }));
  });
  agentUrl = `${await listen(agent)}/.well-known/agent-card.json`;
  jwksUrl = await listen(jwksServer);
});
after(async () => {
  for (const s of [agent, jwksServer]) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

/** key-a from a JWKS URL on loopback, key-b as a PEM public key; key-c is nobody's. */
function trustStore(dir: string): string {
  writeFileSync(join(dir, 'trust.json'), JSON.stringify({ 'key-a': `${jwksUrl}/keys.json`, 'key-b': b.spki }));
  return 'trust.json';
}

async function pinned(dir: string): Promise<Record<string, unknown>> {
  served = await signedBy(a);
  const r = await cli(
    ['pin', agentUrl, '--skill', 'translate', '--trust-store', trustStore(dir), '--out', 'a2a-lock.json'],
    dir,
  );
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(readFileSync(join(dir, 'a2a-lock.json'), 'utf8')) as Record<string, unknown>;
}

type Report = {
  results: { classification: string; problems: { level: string; pointer: string; message: string }[] }[];
};

async function check(dir: string, ...extra: string[]): Promise<Report['results'][number]> {
  const r = await cli(['check', '--live', 'a2a-lock.json', '--trust-store', 'trust.json', ...extra], dir);
  assert.ok(r.code === 0 || r.code === 1, r.stderr + r.stdout);
  const report = JSON.parse(r.stdout) as Report;
  return report.results[0]!;
}

describe('the signing key pinned with the capabilities', () => {
  test('pin records the verified key: kid, RFC 7638 thumbprint, the JWKS URL origin', async (t) => {
    const dir = tempDir(t, 'a2a-keys-');
    const lock = await pinned(dir);
    assert.deepEqual(lock.signing_key, { kid: 'key-a', thumbprint: a.thumbprint, origin: jwksUrl });
  });

  test('a PEM key from the trust store is recorded with a trust-store origin', async (t) => {
    const dir = tempDir(t, 'a2a-keys-');
    served = await signedBy(b);
    const r = await cli(
      ['pin', agentUrl, '--skill', 'translate', '--trust-store', trustStore(dir), '--out', 'a2a-lock.json'],
      dir,
    );
    assert.equal(r.code, 0, r.stderr);
    const lock = JSON.parse(readFileSync(join(dir, 'a2a-lock.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(lock.signing_key, { kid: 'key-b', thumbprint: b.thumbprint, origin: 'trust-store:key-b' });
  });

  test('without a trust store, or with an unverifiable signature, no key is recorded', async (t) => {
    const dir = tempDir(t, 'a2a-keys-');
    served = await signedBy(intruder);
    const r = await cli(
      ['pin', agentUrl, '--skill', 'translate', '--trust-store', trustStore(dir), '--out', 'a2a-lock.json'],
      dir,
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /no signing key recorded/);
    const lock = JSON.parse(readFileSync(join(dir, 'a2a-lock.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(lock.signing_key, undefined);
  });

  test('check: the same key is compatible', async (t) => {
    const dir = tempDir(t, 'a2a-keys-');
    await pinned(dir);
    const result = await check(dir);
    assert.equal(result.classification, 'compatible', JSON.stringify(result.problems));
  });

  test('check: another trusted key is review, naming the old and the new thumbprint', async (t) => {
    const dir = tempDir(t, 'a2a-keys-');
    await pinned(dir);
    served = await signedBy(b);
    const result = await check(dir);
    assert.equal(result.classification, 'review');
    const item = result.problems.find((p) => p.pointer === '/signing_key/thumbprint');
    assert.ok(item, JSON.stringify(result.problems));
    assert.ok(item.message.includes(a.thumbprint) && item.message.includes(b.thumbprint), item.message);
  });

  test('check: a card no longer signed is review, breaking under --signature-policy require', async (t) => {
    const dir = tempDir(t, 'a2a-keys-');
    await pinned(dir);
    served = JSON.stringify(CARD);
    const loose = await check(dir);
    assert.equal(loose.classification, 'review');
    assert.match(loose.problems[0]!.message, /no longer signed/);
    const strict = await check(dir, '--signature-policy', 'require');
    assert.equal(strict.classification, 'breaking');
    assert.equal(strict.problems[0]!.pointer, '/signing_key');
  });

  test("check: a card's jku naming its own key is never followed (the signer cannot nominate its trust root)", async (t) => {
    const dir = tempDir(t, 'a2a-keys-');
    await pinned(dir);
    served = await signedBy(intruder, { jku: `${jwksUrl}/intruder.json` });
    const before = jwksHits;
    const result = await check(dir);
    assert.equal(result.classification, 'review', JSON.stringify(result.problems));
    assert.match(result.problems[0]!.message, /not confirmed/);
    assert.equal(jwksHits, before, 'the JWKS the card names was not fetched');
  });
});
