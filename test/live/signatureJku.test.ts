// jku from a card, followed only when the trust store allows it for that agent, and only through the
// address policy (a loopback JWKS is reachable from a loopback card, not from a card served elsewhere).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CryptoKey, JWK } from 'jose' with { 'resolution-mode': 'import' };
import { createHttpClient } from '../../server/src/node/net/http';
import type { HttpClient } from '../../server/src/core/net/http';
import { canonicalPayloads } from '../../server/src/core/signature/canonical';
import { createTrustStore } from '../../server/src/core/signature/trustStore';
import { verifyCardSignatures } from '../../server/src/core/signature/verify';
import { inspectKey } from '../../server/src/node/keyInspection';

const CARD = {
  name: 'Jku Agent',
  description: 'd',
  version: '1',
  supportedInterfaces: [{ url: 'http://127.0.0.1:1/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 's', description: 'd', tags: ['t'] }],
};
let server: Server;
let jwksUrl: string;
let http: HttpClient;
let signed: Record<string, unknown>;
let jwksHits = 0;

before(async () => {
  const jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
  const jwk: JWK = { ...(await jose.exportJWK(publicKey)), kid: 'jku-key', alg: 'ES256' };
  // Entries that are not keys (null, a string, an array) around the real one: a JWKS from the network is untrusted.
  server = createServer((_req, res) => {
    jwksHits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [null, 'x', [1], jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(CARD).spec))
    .setProtectedHeader({ alg: 'ES256', kid: 'jku-key', typ: 'JOSE', jku: jwksUrl })
    .sign(privateKey as CryptoKey);
  signed = { ...CARD, signatures: [{ protected: jws.protected, signature: jws.signature }] };
  http = createHttpClient();
});
after(async () => {
  await http.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('jku', () => {
  const cardUrl = 'http://127.0.0.1:9/.well-known/agent-card.json';
  it('followed when allowed for the agent, from a loopback card: verified with the jku key (entries that are not keys skipped)', async () => {
    const trust = createTrustStore([{ agent: 'http://127.0.0.1:9/', allowJku: true }], http);
    const r = await verifyCardSignatures(signed, { inspectKey, trust, cardUrl, originClass: 'loopback' });
    assert.equal(r.outcome, 'verified', r.detail);
    assert.ok(r.outcome === 'verified' && r.keySource.startsWith('jku '));
  });
  it('not followed when only other prefixes are allowed', async () => {
    const before = jwksHits;
    const trust = createTrustStore([{ agent: 'http://127.0.0.1:9/', allowJku: ['https://keys.example.test/'] }], http);
    const r = await verifyCardSignatures(signed, { inspectKey, trust, cardUrl, originClass: 'loopback' });
    assert.ok(r.outcome === 'unverifiable' && r.reason === 'jku-refused', r.detail);
    assert.equal(jwksHits, before, 'no request was made');
  });
  it('allowed, but the card came from a public origin: the policy refuses the loopback jku', async () => {
    const before = jwksHits;
    const trust = createTrustStore([{ agent: 'http://127.0.0.1:9/', allowJku: true }], http);
    const r = await verifyCardSignatures(signed, { inspectKey, trust, cardUrl, originClass: 'public' });
    assert.ok(r.outcome === 'unverifiable' && r.reason === 'no-trusted-key', r.detail);
    assert.match(r.detail, /address policy/);
    assert.equal(jwksHits, before);
  });
});
