// Card signatures checked against key-id trust stores (a2a.trustStore, --trust-store): PEM public keys and
// certificates, key validity (entry notBefore/notAfter, the certificate's own dates, a JWK's exp/nbf) under an
// injected clock, the alg/key-type check, and keys refused before use. Keys are made in the test with jose,
// except the certificate (a fixture: jose cannot make certificates).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CryptoKey, JWK } from 'jose' with { 'resolution-mode': 'import' };
import { canonicalPayloads } from '../../../server/src/core/signature/canonical';
import type { TrustStoreValue } from '../../../server/src/core/signature/trustEntry';
import {
  combineTrustStores,
  createTrustStore,
  trustStoreFromKidMap,
} from '../../../server/src/core/signature/trustStore';
import { verifyCardSignatures, type SignatureOutcome } from '../../../server/src/core/signature/verify';
import { inspectKey } from '../../../server/src/node/keyInspection';

const FIXTURES = join(__dirname, '../../fixtures/signatures');
const CARD = JSON.parse(readFileSync(join(FIXTURES, 'card.json'), 'utf8')) as Record<string, unknown>;
const CERT = readFileSync(join(FIXTURES, 'signer.test.cert.pem'), 'utf8');
const CERT_KEY = readFileSync(join(FIXTURES, 'signer.test.key.pem'), 'utf8');
const CERT_FROM = Date.parse(new X509Certificate(CERT).validFrom);
const CERT_TO = Date.parse(new X509Certificate(CERT).validTo);
const CARD_URL = 'https://agent.example.test/.well-known/agent-card.json';
const NOW = Date.UTC(2027, 5, 1); // the injected clock for entries with explicit dates
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let jose: Jose;
let ec: { priv: CryptoKey; spki: string; jwk: JWK };
let certPriv: CryptoKey;

async function sign(
  card: Record<string, unknown>,
  header: Record<string, unknown>,
  priv: CryptoKey,
): Promise<Record<string, unknown>> {
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(card).spec))
    .setProtectedHeader(header as never)
    .sign(priv);
  return { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] };
}

async function check(
  store: Record<string, TrustStoreValue>,
  card: Record<string, unknown>,
  now = NOW,
): Promise<SignatureOutcome> {
  return verifyCardSignatures(card, {
    inspectKey,
    trust: trustStoreFromKidMap(store),
    cardUrl: CARD_URL,
    now: () => now,
  });
}

function unverifiable(r: SignatureOutcome, reason: string, detail: RegExp): void {
  assert.equal(r.outcome, 'unverifiable', r.detail);
  assert.ok(
    r.outcome === 'unverifiable' && r.reason === reason,
    `${r.outcome === 'unverifiable' ? r.reason : ''}: ${r.detail}`,
  );
  assert.match(r.detail, detail);
}

before(async () => {
  jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
  ec = {
    priv: privateKey,
    spki: await jose.exportSPKI(publicKey),
    jwk: { ...(await jose.exportJWK(publicKey)), kid: 'k1' },
  };
  certPriv = await jose.importPKCS8(CERT_KEY, 'ES256');
});

describe('PEM keys in a key-id trust store', () => {
  it('a PEM public key (SPKI) verifies; so does the same PEM on one line', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1', typ: 'JOSE' }, ec.priv);
    const r = await check({ k1: ec.spki }, signed);
    assert.ok(r.outcome === 'verified' && r.kid === 'k1' && r.keySource === 'a2a.trustStore', r.detail);
    assert.equal((await check({ k1: ec.spki.replace(/\n/g, ' ') }, signed)).outcome, 'verified');
  });

  it('a tampered card is invalid with a PEM key, as with a JWK', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv);
    assert.equal((await check({ k1: ec.spki }, { ...signed, name: 'Altered' })).outcome, 'invalid');
  });

  it('an X.509 certificate verifies inside its validity and is refused outside it (its own dates)', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'cert-1' }, certPriv);
    assert.equal((await check({ 'cert-1': CERT }, signed, CERT_FROM + 1000)).outcome, 'verified');
    unverifiable(
      await check({ 'cert-1': CERT }, signed, CERT_TO + 1000),
      'key-expired',
      new RegExp(`key expired on ${new Date(CERT_TO).toISOString().replace(/\./g, '\\.')} \\(its certificate\\)`),
    );
    unverifiable(
      await check({ 'cert-1': CERT }, signed, CERT_FROM - 1000),
      'key-not-yet-valid',
      new RegExp(
        `key not valid before ${new Date(CERT_FROM).toISOString().replace(/\./g, '\\.')} \\(its certificate\\)`,
      ),
    );
  });

  it('a certificate whose entry ends before the certificate does: the entry wins', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'cert-1' }, certPriv);
    const notAfter = new Date(CERT_FROM + 86_400_000).toISOString();
    unverifiable(
      await check({ 'cert-1': { key: CERT, notAfter } }, signed, CERT_FROM + 2 * 86_400_000),
      'key-expired',
      /trust-store entry's notAfter/,
    );
  });
});

describe('key validity: notBefore / notAfter per entry, exp / nbf of a JWK', () => {
  it('inside the window: verified; after notAfter: unverifiable "key expired on …", never verified', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv);
    assert.equal(
      (await check({ k1: { key: ec.spki, notBefore: '2027-01-01', notAfter: '2028-01-01T00:00:00Z' } }, signed))
        .outcome,
      'verified',
    );
    unverifiable(
      await check({ k1: { key: ec.spki, notAfter: '2027-05-31T23:59:59Z' } }, signed),
      'key-expired',
      /signature 1: trusted key k1 cannot be used: key expired on 2027-05-31T23:59:59\.000Z \(its trust-store entry's notAfter\)/,
    );
  });

  it('before notBefore: unverifiable "key not valid before …"', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv);
    unverifiable(
      await check({ k1: { key: ec.spki, notBefore: '2027-06-02' } }, signed),
      'key-not-yet-valid',
      /key not valid before 2027-06-02T00:00:00\.000Z/,
    );
  });

  it('an expired key is not even tried: a tampered card is unverifiable (key expired), not invalid', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv);
    unverifiable(
      await check({ k1: { key: ec.spki, notAfter: '2027-01-01' } }, { ...signed, name: 'Altered' }),
      'key-expired',
      /key expired/,
    );
  });

  it('the window also applies to JWK, JWKS and JSON-text entries', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv);
    unverifiable(
      await check({ k1: { key: ec.jwk, notAfter: '2027-01-01' } }, signed),
      'key-expired',
      /key expired on 2027-01-01/,
    );
    unverifiable(
      await check({ k1: { key: { keys: [ec.jwk] }, notAfter: '2027-01-01' } }, signed),
      'key-expired',
      /key expired/,
    );
    unverifiable(
      await check({ k1: JSON.stringify({ key: ec.spki, notAfter: '2027-01-01' }) }, signed),
      'key-expired',
      /key expired/,
    );
    assert.equal(
      (await check({ k1: JSON.stringify({ key: ec.spki, notAfter: '2030-01-01' }) }, signed)).outcome,
      'verified',
    );
  });

  it("a JWK's own exp / nbf (NumericDate), in a key-id store and in a JWKS trust entry", async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv);
    const exp = Date.UTC(2027, 0, 1) / 1000;
    unverifiable(
      await check({ k1: { ...ec.jwk, exp } }, signed),
      'key-expired',
      /key expired on 2027-01-01T00:00:00\.000Z \(its JWK exp\)/,
    );
    unverifiable(
      await check({ k1: { ...ec.jwk, nbf: exp + 365 * 86400 } }, signed),
      'key-not-yet-valid',
      /\(its JWK nbf\)/,
    );
    assert.equal((await check({ k1: { ...ec.jwk, exp: exp + 365 * 86400, nbf: exp } }, signed)).outcome, 'verified');
    const jwks = createTrustStore([
      { agent: 'https://agent.example.test/', jwks: { keys: [{ ...ec.jwk, exp } as JWK] } },
    ]);
    unverifiable(
      await verifyCardSignatures(signed, { inspectKey, trust: jwks, cardUrl: CARD_URL, now: () => NOW }),
      'key-expired',
      /its JWK exp/,
    );
    unverifiable(
      await check({ k1: { ...ec.jwk, exp: '2027-01-01' } }, signed),
      'key-unusable',
      /JWK "exp" is not a NumericDate/,
    );
  });

  it('key rotation: an expired old key and a current new key for the same kid → verified with the current one', async () => {
    const fresh = await jose.generateKeyPair('ES256', { extractable: true });
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, fresh.privateKey);
    const store = {
      k1: {
        keys: [
          { ...ec.jwk, exp: Date.UTC(2027, 0, 1) / 1000 },
          { ...(await jose.exportJWK(fresh.publicKey)), kid: 'k1' },
        ],
      },
    };
    assert.equal((await check(store, signed)).outcome, 'verified');
  });
});

describe("the signature's alg must suit the key", () => {
  it('RS256 or ES384 with an EC P-256 key: unverifiable with the reason', async () => {
    const rs = {
      ...CARD,
      signatures: [
        {
          protected: Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'k1' })).toString('base64url'),
          signature: 'AAAA',
        },
      ],
    };
    unverifiable(
      await check({ k1: ec.spki }, rs),
      'key-alg-mismatch',
      /it is an EC P-256 key, but the signature's alg RS256 needs an RSA key \(a2a\.trustStore\)/,
    );
    const es384 = {
      ...CARD,
      signatures: [
        {
          protected: Buffer.from(JSON.stringify({ alg: 'ES384', kid: 'cert-1' })).toString('base64url'),
          signature: 'AAAA',
        },
      ],
    };
    unverifiable(
      await check({ 'cert-1': CERT }, es384, CERT_FROM + 1000),
      'key-alg-mismatch',
      /EC P-256 key, but the signature's alg ES384 needs an EC P-384 key/,
    );
    unverifiable(await check({ k1: ec.jwk }, rs), 'key-alg-mismatch', /EC P-256 key, but the signature's alg RS256/);
  });

  it('Ed25519 and RSA (PS256) public keys as PEM verify their own algorithms', async () => {
    const ed = await jose.generateKeyPair('EdDSA', { extractable: true });
    const edSigned = await sign(CARD, { alg: 'EdDSA', kid: 'ed' }, ed.privateKey);
    assert.equal((await check({ ed: await jose.exportSPKI(ed.publicKey) }, edSigned)).outcome, 'verified');
    const rsa = await jose.generateKeyPair('PS256', { extractable: true, modulusLength: 2048 });
    const rsaSigned = await sign(CARD, { alg: 'PS256', kid: 'rsa' }, rsa.privateKey);
    assert.equal((await check({ rsa: await jose.exportSPKI(rsa.publicKey) }, rsaSigned)).outcome, 'verified');
    unverifiable(
      await check({ ed: await jose.exportSPKI(ed.publicKey) }, await sign(CARD, { alg: 'ES256', kid: 'ed' }, ec.priv)),
      'key-alg-mismatch',
      /Ed25519 key, but the signature's alg ES256 needs an EC P-256 key/,
    );
  });
});

describe('keys refused before use, never quoted', () => {
  const keyLines = (pem: string): string[] => pem.split('\n').filter((l) => l && !l.startsWith('-----'));

  it('a pasted PEM private key: no trusted key, with a clear message and none of the key', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'cert-1' }, certPriv);
    const r = await check({ 'cert-1': CERT_KEY }, signed, CERT_FROM + 1000);
    unverifiable(r, 'no-trusted-key', /a2a\.trustStore entry for kid "cert-1": it is a PRIVATE key .*public keys only/);
    for (const line of keyLines(CERT_KEY)) assert.ok(!r.detail.includes(line), 'no key material in the message');
  });

  it('a private JWK (with "d") and a symmetric key are refused when used; "d" and "k" are never quoted', async () => {
    const { privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
    const priv = { ...(await jose.exportJWK(privateKey)), kid: 'k1' };
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, privateKey);
    const r = await check({ k1: priv }, signed);
    unverifiable(r, 'key-unusable', /PRIVATE key \(the JWK has a "d" member\)/);
    assert.ok(!r.detail.includes(priv.d!));
    const oct = await check({ k1: { kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ' } }, signed);
    unverifiable(oct, 'key-unusable', /symmetric \(oct\) key/);
    assert.ok(!oct.detail.includes('c2VjcmV0'));
  });

  it('an unreadable certificate or key body is unusable, named by its kind', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv);
    unverifiable(
      await check({ k1: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, signed),
      'key-unusable',
      /not a readable X\.509 certificate/,
    );
    unverifiable(
      await check({ k1: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' }, signed),
      'key-unusable',
      /not a readable public key/,
    );
  });

  it('an entry with a misspelt member is an error for its kid only', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv);
    unverifiable(
      await check({ k1: { key: ec.spki, notafter: '2027-01-01' } }, signed),
      'no-trusted-key',
      /unknown member\(s\) "notafter"/,
    );
  });

  it('a __proto__ kid finds nothing (no prototype lookups)', async () => {
    const signed = await sign(CARD, { alg: 'ES256', kid: '__proto__' }, ec.priv);
    unverifiable(await check({ k1: ec.spki }, signed), 'no-trusted-key', /no trusted key/);
  });
});

describe('combineTrustStores', () => {
  it('keys from a JWKS file entry and a key-id store together (as --jwks and --trust-store)', async () => {
    const other = await jose.generateKeyPair('ES256', { extractable: true });
    const trust = combineTrustStores([
      createTrustStore([
        {
          agent: 'https://agent.example.test/',
          jwks: { keys: [{ ...(await jose.exportJWK(other.publicKey)), kid: 'k2' }] },
        },
      ]),
      trustStoreFromKidMap({ k1: ec.spki }, undefined, 'trust store keys.json'),
    ]);
    const r1 = await verifyCardSignatures(await sign(CARD, { alg: 'ES256', kid: 'k1' }, ec.priv), {
      inspectKey,
      trust,
      cardUrl: CARD_URL,
      now: () => NOW,
    });
    assert.ok(r1.outcome === 'verified' && r1.keySource === 'trust store keys.json', r1.detail);
    const r2 = await verifyCardSignatures(await sign(CARD, { alg: 'ES256', kid: 'k2' }, other.privateKey), {
      inspectKey,
      trust,
      cardUrl: CARD_URL,
      now: () => NOW,
    });
    assert.ok(r2.outcome === 'verified' && /trust store \(agent/.test(r2.keySource), r2.detail);
  });
});
