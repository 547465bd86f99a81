// The a2a.trustStore setting through the REAL bundled language server over stdio: a2a/fetchCard of a signed card
// served on 127.0.0.1 with a PEM key (as a string on one line, as settings.json holds it) → verified; the same key
// in a {key, notAfter} entry that has passed → unverifiable with the reason; a pasted private key → refused
// without ever appearing in the response or the server log.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { FetchCardRequest } from '../../server/src/protocol';
import { canonicalPayloads } from '../../server/src/core/signature/canonical';
import { startLsp, type LspSession } from '../lsp/harness';

const CARD = JSON.parse(readFileSync(join(__dirname, '../fixtures/signatures/card.json'), 'utf8')) as Record<
  string,
  unknown
>;
const PRIVATE_PEM = readFileSync(join(__dirname, '../fixtures/signatures/signer.test.key.pem'), 'utf8');
let server: Server;
let url: string;
let spki: string;
let s: LspSession;

before(async () => {
  const jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256');
  spki = await jose.exportSPKI(publicKey);
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(CARD).spec))
    .setProtectedHeader({ alg: 'ES256', kid: 'editor-key', typ: 'JOSE' })
    .sign(privateKey);
  const body = JSON.stringify({ ...CARD, signatures: [{ protected: jws.protected, signature: jws.signature }] });
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
  s = await startLsp({ settings: { workspaceTrusted: true, trustStore: { 'editor-key': spki.replace(/\n/g, ' ') } } });
});
after(async () => {
  await s.stop();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('a2a.trustStore in the language server', () => {
  it('a PEM public key verifies the card; an expired {key, notAfter} entry leaves it unverifiable with the reason', async () => {
    const ok = await s.connection.sendRequest(FetchCardRequest.type, { url });
    assert.equal(ok.error, undefined);
    assert.equal(ok.signature?.outcome, 'verified', ok.signature?.detail);
    assert.match(ok.signature?.detail ?? '', /key editor-key \(ES256\) from a2a\.trustStore/);

    await s.updateSettings({
      workspaceTrusted: true,
      trustStore: { 'editor-key': { key: spki, notAfter: '2020-01-01' } },
    });
    const expired = await s.connection.sendRequest(FetchCardRequest.type, { url });
    assert.equal(expired.signature?.outcome, 'unverifiable');
    assert.match(expired.signature?.detail ?? '', /key expired on 2020-01-01T00:00:00\.000Z/);

    await s.updateSettings({
      workspaceTrusted: true,
      signatures: { require: true },
      trustStore: { 'editor-key': { key: spki, notAfter: '2020-01-01' } },
    });
    const required = await s.connection.sendRequest(FetchCardRequest.type, { url });
    assert.equal(required.valid, false, 'with a2a.signatures.require an expired key fails the card');
    assert.equal(required.profile, undefined);
  });

  it('a pasted private key is refused with a clear message; the key appears nowhere', async () => {
    await s.updateSettings({ workspaceTrusted: true, trustStore: { 'editor-key': PRIVATE_PEM } });
    const r = await s.connection.sendRequest(FetchCardRequest.type, { url });
    assert.equal(r.signature?.outcome, 'unverifiable');
    assert.match(r.signature?.detail ?? '', /a2a\.trustStore entry for kid "editor-key": it is a PRIVATE key/);
    const seen = JSON.stringify(r) + s.logs.join('\n') + s.stderr();
    for (const line of PRIVATE_PEM.split('\n').filter((l) => l && !l.startsWith('-----')))
      assert.ok(!seen.includes(line), 'no key material in the response or the log');
  });
});
