// `a2acap fetch --trust-store FILE` against a signed card served on 127.0.0.1: a PEM public key verifies it, an
// expired entry leaves it unverifiable with the reason, a bad trust store is a one-line usage error that never
// quotes a key. The key pair is made in the test with jose.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliInProcess, type CliRun } from '../cliRunner';
import { canonicalPayloads } from '../../server/src/core/signature/canonical';

const CARD = JSON.parse(readFileSync(join(__dirname, '../fixtures/signatures/card.json'), 'utf8')) as Record<
  string,
  unknown
>;
const PRIVATE_PEM = readFileSync(join(__dirname, '../fixtures/signatures/signer.test.key.pem'), 'utf8');
const cliPath = join(__dirname, '..', '..', 'server', 'dist', 'cli.js');
let server: Server;
let url: string;
let tmp: string;
let spki: string;

before(async () => {
  const jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256');
  spki = await jose.exportSPKI(publicKey);
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(CARD).spec))
    .setProtectedHeader({ alg: 'ES256', kid: 'pem-key', typ: 'JOSE' })
    .sign(privateKey);
  const body = JSON.stringify({ ...CARD, signatures: [{ protected: jws.protected, signature: jws.signature }] });
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
  tmp = mkdtempSync(join(tmpdir(), 'a2acap-trust-'));
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(tmp, { recursive: true, force: true });
});

function store(name: string, content: unknown): string {
  writeFileSync(join(tmp, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return name; // relative: resolved against the CLI's cwd
}

function inProcess(args: string[]): Promise<CliRun> {
  return runCliInProcess(args, { cwd: tmp });
}

type Signature = { outcome: string; detail: string; reason?: string };

describe('a2acap fetch --trust-store', () => {
  it('the bundled CLI: a PEM public key for the kid → verified (exit 0, with --require-signed)', async () => {
    const file = store('pem.json', { 'pem-key': spki });
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [cliPath, 'fetch', url, '--trust-store', file, '--require-signed', '--format', 'json'],
        { cwd: tmp, env: { PATH: process.env.PATH ?? '' } },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => {
        stdout += d;
      });
      child.stderr.on('data', (d: Buffer) => {
        stderr += d;
      });
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const out = JSON.parse(r.stdout) as { signature: Signature; profile: unknown };
    assert.equal(out.signature.outcome, 'verified', out.signature.detail);
    assert.match(out.signature.detail, /key pem-key \(ES256\) from trust store pem\.json/);
    assert.ok(out.profile);
  });

  it('an expired entry → unverifiable with the reason; --require-signed makes that exit 1 and nothing compiles', async () => {
    const file = store('expired.json', { 'pem-key': { key: spki, notAfter: '2020-01-01T00:00:00Z' } });
    const r = await inProcess(['fetch', url, '--trust-store', file, '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { signature: Signature };
    assert.equal(out.signature.outcome, 'unverifiable');
    assert.equal(out.signature.reason, 'key-expired');
    assert.match(out.signature.detail, /key expired on 2020-01-01T00:00:00\.000Z \(its trust-store entry's notAfter\)/);
    const required = await inProcess(['fetch', url, '--trust-store', file, '--require-signed']);
    assert.equal(required.code, 1);
    assert.match(required.stdout, /signature\s+unverifiable: .*key expired on 2020-01-01/);
  });

  it('an entry not yet valid → unverifiable "key not valid before …"', async () => {
    const r = await inProcess([
      'fetch',
      url,
      '--trust-store',
      store('future.json', { 'pem-key': { key: spki, notBefore: '2999-01-01' } }),
      '--format',
      'json',
    ]);
    const out = JSON.parse(r.stdout) as { signature: Signature };
    assert.equal(out.signature.reason, 'key-not-yet-valid', out.signature.detail);
    assert.match(out.signature.detail, /key not valid before 2999-01-01T00:00:00\.000Z/);
  });

  it('--jwks and --trust-store together: the key is found in either', async () => {
    const empty = store('empty.jwks.json', { keys: [] });
    const r = await inProcess([
      'fetch',
      url,
      '--jwks',
      empty,
      '--trust-store',
      store('pem2.json', { 'pem-key': spki }),
      '--require-signed',
      '--format',
      'json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { signature: Signature }).signature.outcome, 'verified');
  });

  it('a bad trust store is a one-line usage error (exit 2) that never quotes a key', async () => {
    const bodyLines = PRIVATE_PEM.split('\n').filter((l) => l && !l.startsWith('-----'));
    for (const [name, content, pattern] of [
      ['private.json', { 'pem-key': PRIVATE_PEM }, /private\.json: entry for kid "pem-key": it is a PRIVATE key/],
      [
        'typo.json',
        { 'pem-key': { key: spki, notafter: '2020-01-01' } },
        /typo\.json: entry for kid "pem-key": unknown member\(s\) "notafter"/,
      ],
      ['date.json', { 'pem-key': { key: spki, notAfter: 'next year' } }, /date\.json: .*"notAfter" is not an ISO 8601/],
      ['array.json', [spki], /array\.json: the trust store must be a JSON object/],
      ['broken.json', '{"pem-key": ', /broken\.json: the trust store is not JSON/],
    ] as const) {
      const r = await inProcess(['fetch', url, '--trust-store', store(name, content)]);
      assert.equal(r.code, 2, `${name}: ${r.stdout}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, pattern);
      for (const line of [...bodyLines, ...spki.split('\n').filter((l) => l && !l.startsWith('-----'))])
        assert.ok(!r.stderr.includes(line), `${name}: no key material`);
    }
    const missing = await inProcess(['fetch', url, '--trust-store', 'nope.json']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.json: cannot read the trust-store file \(no such file: check the path\)/);
  });

  it('a JWKS file that cannot be read or is not JSON: one line that says which', async () => {
    const missing = await inProcess(['fetch', url, '--jwks', 'nope.jwks.json']);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, 'a2acap fetch: nope.jwks.json: cannot read the JWKS file (no such file)\n');
    const broken = await inProcess(['fetch', url, '--jwks', store('broken.jwks.json', '{"keys": [')]);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /^a2acap fetch: .*broken\.jwks\.json: the JWKS file is not valid JSON\n$/);
    const nullKey = await inProcess(['fetch', url, '--jwks', store('null.jwks.json', { keys: [null] })]);
    assert.equal(nullKey.code, 2);
    assert.match(
      nullKey.stderr,
      /null\.jwks\.json: its "keys" array holds something that is not a JWK \(an object\)\n$/,
    );
  });
});
