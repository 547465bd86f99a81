// Trust-store entries (a2a.trustStore values, --trust-store files): every accepted form and every refusal.
// Refusals never quote the entry: it may be a private key pasted by mistake.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { parseIsoInstant, parseTrustEntry } from '../../../server/src/core/signature/trustEntry';
import { at } from '../../at';

const FIXTURES = join(__dirname, '../../fixtures/signatures');
const CERT = readFileSync(join(FIXTURES, 'signer.test.cert.pem'), 'utf8');
const PRIVATE = readFileSync(join(FIXTURES, 'signer.test.key.pem'), 'utf8');
let spki: string;
let jwk: JWK;
let privateJwk: JWK;

before(async () => {
  const jose = await import('jose');
  const { publicKey, privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
  spki = await jose.exportSPKI(publicKey);
  jwk = { ...(await jose.exportJWK(publicKey)), kid: 'k1' };
  privateJwk = { ...(await jose.exportJWK(privateKey)), kid: 'k1' };
});

/** The base64 lines of a PEM: none of them may appear in a message. */
const bodyLines = (pem: string): string[] => pem.split('\n').filter((l) => l && !l.startsWith('-----'));

function sourceOf(value: unknown): string {
  const r = parseTrustEntry(value);
  assert.ok(r.ok, r.ok ? '' : r.error);
  return r.value.source.kind === 'url' ? `url ${r.value.source.url}` : r.value.source.keys.map((k) => k.kind).join(',');
}

describe('parseTrustEntry: accepted forms', () => {
  it('the existing forms: a bare JWKS URL, JWK and JWKS as JSON text', () => {
    assert.equal(sourceOf('https://keys.example.test/jwks.json'), 'url https://keys.example.test/jwks.json');
    assert.equal(sourceOf('  http://127.0.0.1:9/jwks.json '), 'url http://127.0.0.1:9/jwks.json');
    assert.equal(sourceOf(JSON.stringify(jwk)), 'jwk');
    assert.equal(sourceOf(JSON.stringify({ keys: [jwk, { ...jwk, kid: 'k2' }] })), 'jwk,jwk');
  });

  it('JWK and JWKS objects (settings.json may hold them as objects)', () => {
    assert.equal(sourceOf(jwk), 'jwk');
    assert.equal(sourceOf({ keys: [jwk] }), 'jwk');
  });

  it('PEM: a public key (SPKI) and an X.509 certificate, also on one line as settings hold it', () => {
    assert.equal(sourceOf(spki), 'spki');
    assert.equal(sourceOf(CERT), 'x509');
    assert.equal(sourceOf(spki.replace(/\n/g, ' ')), 'spki');
    const r = parseTrustEntry(CERT.replace(/\n/g, '\\n')); // line breaks escaped twice, as copied from an env var
    assert.ok(r.ok && r.value.source.kind === 'keys' && at(r.value.source.keys, 0).kind === 'x509');
  });

  it('{key, notBefore, notAfter}: as an object or as JSON text, with any key form', () => {
    const r = parseTrustEntry({ key: spki, notBefore: '2026-01-01', notAfter: '2027-06-30T12:00:00+02:00' });
    assert.ok(r.ok, r.ok ? '' : r.error);
    assert.equal(r.value.validity.notBefore?.at, Date.UTC(2026, 0, 1));
    assert.equal(r.value.validity.notAfter?.at, Date.UTC(2027, 5, 30, 10));
    assert.match(r.value.validity.notAfter!.from, /trust-store entry's notAfter/);
    assert.equal(sourceOf(JSON.stringify({ key: CERT, notAfter: '2030-01-01T00:00:00Z' })), 'x509');
    assert.equal(sourceOf({ key: jwk }), 'jwk');
    assert.equal(sourceOf({ key: { keys: [jwk] }, notAfter: '2030-01-01' }), 'jwk');
    assert.equal(sourceOf({ key: JSON.stringify(jwk) }), 'jwk');
    assert.equal(
      sourceOf({ key: 'https://keys.example.test/jwks.json', notAfter: '2030-01-01' }),
      'url https://keys.example.test/jwks.json',
    );
  });
});

describe('parseTrustEntry: refusals', () => {
  const cases: { name: string; value: () => unknown; error: RegExp }[] = [
    { name: 'a PEM private key (PKCS#8)', value: () => PRIVATE, error: /PRIVATE key.*public keys only/ },
    {
      name: 'a PEM private key inside {key}',
      value: () => ({ key: PRIVATE, notAfter: '2030-01-01' }),
      error: /PRIVATE key/,
    },
    { name: 'a PEM private key on one line', value: () => PRIVATE.replace(/\n/g, ' '), error: /PRIVATE key/ },
    {
      name: 'a legacy EC private key',
      value: () => PRIVATE.replace(/PRIVATE KEY/g, 'EC PRIVATE KEY'),
      error: /PRIVATE key/,
    },
    {
      name: 'an encrypted private key',
      value: () => PRIVATE.replace(/PRIVATE KEY/g, 'ENCRYPTED PRIVATE KEY'),
      error: /PRIVATE key/,
    },
    { name: 'a certificate followed by its private key', value: () => `${CERT}\n${PRIVATE}`, error: /PRIVATE key/ },
    { name: 'a certificate chain', value: () => `${CERT}${CERT}`, error: /2 PEM blocks.*not a chain/ },
    {
      name: 'a PKCS#1 RSA public key',
      value: () => spki.replace(/PUBLIC KEY/g, 'RSA PUBLIC KEY'),
      error: /PEM "RSA PUBLIC KEY" is not supported.*BEGIN PUBLIC KEY/,
    },
    { name: 'a PEM without END', value: () => spki.split('-----END')[0], error: /not readable PEM/ },
    {
      name: 'a PEM body that is not base64',
      value: () => '-----BEGIN PUBLIC KEY-----\nnot*base64\n-----END PUBLIC KEY-----',
      error: /not base64/,
    },
    { name: 'text that is nothing', value: () => 'my key', error: /neither a JWKS URL, JWK\/JWKS JSON, nor PEM/ },
    { name: 'JSON text that is an array', value: () => '[1]', error: /not an object/ },
    {
      name: 'an object that is no key',
      value: () => ({ url: 'https://x.test' }),
      error: /neither a JWKS URL, a JWK or JWKS/,
    },
    { name: 'a number', value: () => 42, error: /neither a string nor an object/ },
    { name: 'a JWKS with a non-object key', value: () => ({ keys: ['x'] }), error: /not a JWK/ },
    {
      name: 'a misspelt member',
      value: () => ({ key: spki, notafter: '2027-01-01' }),
      error: /unknown member\(s\) "notafter".*allowed: key, notBefore, notAfter/,
    },
    {
      name: 'a date that does not exist',
      value: () => ({ key: spki, notAfter: '2027-02-30' }),
      error: /"notAfter" is not an ISO 8601/,
    },
    {
      name: 'a local time without zone',
      value: () => ({ key: spki, notAfter: '2027-01-01T00:00:00' }),
      error: /"notAfter" is not an ISO 8601 date or date-time with a zone/,
    },
    {
      name: 'a date in another format',
      value: () => ({ key: spki, notBefore: '01/02/2027' }),
      error: /"notBefore" is not an ISO 8601/,
    },
    {
      name: 'a number as a date',
      value: () => ({ key: spki, notAfter: 1800000000 }),
      error: /"notAfter" is not an ISO 8601/,
    },
    {
      name: 'notBefore after notAfter',
      value: () => ({ key: spki, notBefore: '2028-01-01', notAfter: '2027-01-01' }),
      error: /"notBefore" is after "notAfter"/,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const value = c.value();
      const r = parseTrustEntry(value);
      assert.ok(!r.ok, 'refused');
      assert.match(r.error, c.error);
      for (const line of bodyLines(PRIVATE))
        assert.ok(!r.error.includes(line.trim()), 'the message never quotes key material');
    });
  }

  it('a private JWK is accepted as JSON but refused when used (see trustStore.test.ts); it is never quoted', () => {
    // Reading the entry does not inspect the key: inspectKey refuses it at verification with the reason.
    assert.ok(parseTrustEntry(privateJwk).ok);
  });
});

describe('parseIsoInstant', () => {
  const table: [unknown, number | undefined][] = [
    ['2027-01-31', Date.UTC(2027, 0, 31)],
    ['2027-01-31T12:00Z', Date.UTC(2027, 0, 31, 12)],
    ['2027-01-31T12:00:30.5+01:00', Date.UTC(2027, 0, 31, 11, 0, 30, 500)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2027-02-29', undefined],
    ['2027-01-31T25:00Z', undefined],
    ['2027-01-31T12:00', undefined],
    ['tomorrow', undefined],
    [null, undefined],
  ];
  for (const [input, expected] of table)
    it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(parseIsoInstant(input), expected));
});
