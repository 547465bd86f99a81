// Card signatures: signed in the test with keys made in the test; verified through the trust store.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CryptoKey, JWK } from 'jose' with { 'resolution-mode': 'import' };
import { canonicalPayloads } from '../../../server/src/core/signature/canonical';
import { createTrustStore, TrustStore } from '../../../server/src/core/signature/trustStore';
import { verifyCardSignatures } from '../../../server/src/core/signature/verify';
import { inspectKey } from '../../../server/src/node/keyInspection';
import { at } from '../../at';

const CARD = JSON.parse(readFileSync(join(__dirname, '../../fixtures/signatures/card.json'), 'utf8')) as Record<
  string,
  unknown
>;
const CARD_URL = 'https://agent.example.test/.well-known/agent-card.json';
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let jose: Jose;
let keyA: { priv: CryptoKey; jwk: JWK };
let keyB: { priv: CryptoKey; jwk: JWK };
let trust: TrustStore;

async function makeKey(kid: string): Promise<{ priv: CryptoKey; jwk: JWK }> {
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256', { extractable: true });
  return { priv: privateKey, jwk: { ...(await jose.exportJWK(publicKey)), kid, alg: 'ES256' } };
}

/** Sign `payload` detached (A2A §8.4.2) and append the signature to the card. */
async function sign(
  card: Record<string, unknown>,
  payload: string,
  header: Record<string, unknown>,
  priv: CryptoKey,
): Promise<Record<string, unknown>> {
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(payload))
    .setProtectedHeader(header as never)
    .sign(priv);
  return {
    ...card,
    signatures: [...((card.signatures as unknown[]) ?? []), { protected: jws.protected, signature: jws.signature }],
  };
}
const specSign = (card: Record<string, unknown>, kid = 'key-a', priv = keyA.priv): Promise<Record<string, unknown>> =>
  sign(card, canonicalPayloads(card).spec, { alg: 'ES256', kid, typ: 'JOSE' }, priv);

before(async () => {
  jose = await import('jose');
  keyA = await makeKey('key-a');
  keyB = await makeKey('key-b');
  trust = createTrustStore([{ agent: 'https://agent.example.test/', jwks: { keys: [keyA.jwk] } }]);
});

describe('canonical payload (A2A §8.4.1)', () => {
  it('drops default-valued plain fields, keeps presence fields, REQUIRED ones and non-ASCII text', () => {
    const spec = JSON.parse(canonicalPayloads(CARD).spec) as Record<string, Record<string, unknown>>;
    assert.deepEqual(spec.capabilities, { streaming: false });
    assert.equal(at(spec.skills as unknown as Record<string, unknown>[], 0).examples, undefined);
    assert.match(canonicalPayloads(CARD).spec, /日本語/);
    assert.equal(
      canonicalPayloads({ ...CARD, signatures: [{ protected: 'x', signature: 'y' }] }).spec,
      canonicalPayloads(CARD).spec,
    );
  });
});

describe('verifyCardSignatures', () => {
  it('round trip: verified, naming the key and where it came from', async () => {
    const r = await verifyCardSignatures(await specSign(CARD), { inspectKey, trust, cardUrl: CARD_URL });
    assert.equal(r.outcome, 'verified', r.detail);
    assert.ok(r.outcome === 'verified' && r.kid === 'key-a' && /trust store/.test(r.keySource));
  });

  it('tampering (one character of non-ASCII text) is invalid', async () => {
    const signed = await specSign(CARD);
    const tampered = { ...signed, description: String(signed.description).replace('Köln', 'Koln') };
    const r = await verifyCardSignatures(tampered, { inspectKey, trust, cardUrl: CARD_URL });
    assert.equal(r.outcome, 'invalid', r.detail);
  });

  it('a key the trust store maps to the same kid but that did not sign is invalid; an unknown kid is unverifiable', async () => {
    const forged = await specSign(CARD, 'key-a', keyB.priv);
    assert.equal((await verifyCardSignatures(forged, { inspectKey, trust, cardUrl: CARD_URL })).outcome, 'invalid');
    const other = await specSign(CARD, 'key-b', keyB.priv);
    const r = await verifyCardSignatures(other, { inspectKey, trust, cardUrl: CARD_URL });
    assert.equal(r.outcome, 'unverifiable');
    assert.ok(r.outcome === 'unverifiable' && r.reason === 'no-trusted-key');
  });

  it('no trusted key for this agent at all: unverifiable', async () => {
    const r = await verifyCardSignatures(await specSign(CARD), {
      inspectKey,
      trust,
      cardUrl: 'https://other.example.test/card.json',
    });
    assert.ok(r.outcome === 'unverifiable' && r.reason === 'no-trusted-key', r.detail);
  });

  it('missing kid and unknown alg are unverifiable with the reason', async () => {
    const noKid = await sign(CARD, canonicalPayloads(CARD).spec, { alg: 'ES256', typ: 'JOSE' }, keyA.priv);
    const r1 = await verifyCardSignatures(noKid, { inspectKey, trust, cardUrl: CARD_URL });
    assert.ok(r1.outcome === 'unverifiable' && r1.reason === 'missing-kid', r1.detail);
    const weird = {
      ...CARD,
      signatures: [
        {
          protected: Buffer.from(JSON.stringify({ alg: 'XS999', kid: 'key-a' })).toString('base64url'),
          signature: 'AAAA',
        },
      ],
    };
    const r2 = await verifyCardSignatures(weird, { inspectKey, trust, cardUrl: CARD_URL });
    assert.ok(r2.outcome === 'unverifiable' && r2.reason === 'unsupported-alg', r2.detail);
    const none = {
      ...CARD,
      signatures: [
        { protected: Buffer.from(JSON.stringify({ alg: 'none', kid: 'key-a' })).toString('base64url'), signature: '' },
      ],
    };
    assert.ok((await verifyCardSignatures(none, { inspectKey, trust, cardUrl: CARD_URL })).outcome === 'unverifiable');
    const garbage = { ...CARD, signatures: [{ protected: '%%%', signature: 1 }] };
    const r3 = await verifyCardSignatures(garbage, { inspectKey, trust, cardUrl: CARD_URL });
    assert.ok(r3.outcome === 'unverifiable' && r3.reason === 'malformed');
  });

  it('a signed card whose text gives a name twice is unverifiable (duplicate-names), whichever occurrence was signed', async () => {
    const signed = await specSign(CARD);
    const text = JSON.stringify(signed);
    const before = `{"description":"not what was signed",${text.slice(1)}`;
    const r = await verifyCardSignatures(JSON.parse(before), { inspectKey, trust, cardUrl: CARD_URL, text: before });
    assert.ok(r.outcome === 'unverifiable' && r.reason === 'duplicate-names', r.detail);
    assert.match(r.detail, /"\/description"/);
    // Without the text only the parsed value is known (JSON.parse kept the signed description): verified.
    assert.equal(
      (await verifyCardSignatures(JSON.parse(before), { inspectKey, trust, cardUrl: CARD_URL })).outcome,
      'verified',
    );
    // The same text without the duplicate, colon-leading values and all, verifies.
    assert.equal(
      (await verifyCardSignatures(signed, { inspectKey, trust, cardUrl: CARD_URL, text })).outcome,
      'verified',
    );
  });

  it('an unsigned card is unverifiable (unsigned)', async () => {
    const r = await verifyCardSignatures(CARD, { inspectKey, trust, cardUrl: CARD_URL });
    assert.ok(r.outcome === 'unverifiable' && r.reason === 'unsigned');
  });

  it('signed the way @a2a-js/sdk signs (proto round trip, empty values stripped): canonicalization variant, not forged', async () => {
    const sdk = await import('@a2a-js/sdk');
    // A card where the SDK form differs from the spec form: an unknown member and an empty optional member.
    const card = { ...CARD, iconUrl: '', 'x-vendor-tier': 'gold' };
    assert.notEqual(sdk.canonicalizeAgentCard(card as never), canonicalPayloads(card).spec);
    const signed = await sign(
      card,
      sdk.canonicalizeAgentCard(card as never),
      { alg: 'ES256', kid: 'key-a', typ: 'JOSE' },
      keyA.priv,
    );
    const r = await verifyCardSignatures(signed, { inspectKey, trust, cardUrl: CARD_URL });
    assert.equal(r.outcome, 'unverifiable', r.detail);
    assert.ok(
      r.outcome === 'unverifiable' && r.reason === 'canonicalization-variant' && r.variant === 'sdk-stripped',
      r.detail,
    );
    assert.match(r.detail, /a2a-js/);
  });

  it('signed the a2a-python way (non-ASCII escaped): canonicalization variant', async () => {
    const signed = await sign(
      CARD,
      canonicalPayloads(CARD)['sdk-stripped-ascii'],
      { alg: 'ES256', kid: 'key-a', typ: 'JOSE' },
      keyA.priv,
    );
    const r = await verifyCardSignatures(signed, { inspectKey, trust, cardUrl: CARD_URL });
    assert.ok(r.outcome === 'unverifiable' && r.reason === 'canonicalization-variant', r.detail);
  });

  it('key rotation: one bad and one good signature → verified', async () => {
    const twice = await specSign(await specSign(CARD, 'key-a', keyB.priv));
    assert.equal((await verifyCardSignatures(twice, { inspectKey, trust, cardUrl: CARD_URL })).outcome, 'verified');
  });

  it('a jku from the card is not followed unless allowed for the agent', async () => {
    const withJku = await sign(
      CARD,
      canonicalPayloads(CARD).spec,
      { alg: 'ES256', kid: 'key-z', typ: 'JOSE', jku: 'https://keys.example.test/jwks.json' },
      keyA.priv,
    );
    const r = await verifyCardSignatures(withJku, { inspectKey, trust, cardUrl: CARD_URL });
    assert.ok(r.outcome === 'unverifiable' && r.reason === 'jku-refused', r.detail);
  });
});
