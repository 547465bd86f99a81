/**
 * Verify an agent card's JWS signatures (A2A §8.4): detached payload = the canonical card (canonical.ts),
 * key by `kid` from the trust store (or an allowed `jku`). Three outcomes:
 * - verified: a trusted key verifies the spec payload (which key, from where);
 * - unverifiable: no signature, malformed header, missing kid, unsupported alg, no trusted key, the trusted
 *   key is outside its validity (expired or not yet valid) or of a type the alg cannot use, or the signature
 *   only matches an SDK canonicalization variant (explained; not a forgery);
 * - invalid: a usable trusted key for the kid does not verify any form of the card: it was altered (or mis-signed).
 * A key outside its validity is never used (A2A §8.4.3: expired keys MUST NOT be used), even if it would verify.
 * A card whose text gives a member name twice is never verified: parsers disagree on which value is the card, so a
 * signature that holds for one reading (JSON.parse keeps the last) proves nothing about another (RFC 8785 requires
 * unique names).
 */
import type { AddressClass } from '../net/address';
import { base64UrlDecode, base64UrlEncode, utf8Bytes, utf8Text } from '../bytes/bytes';
import { findOverriddenNames, mayHaveDuplicateNames } from '../card/duplicateNames';
import { CanonicalVariant, VARIANT_EXPLANATION, canonicalPayloads } from './canonical';
import { algMismatch, importKey, type KeyInspector, type Validity } from './keyMaterial';
import { keyThumbprint } from './thumbprint';
import type { FoundKey, TrustStore } from './trustStore';

export const SUPPORTED_ALGS = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
  'Ed25519',
] as const;

export type UnverifiableReason =
  | 'unsigned'
  | 'malformed'
  | 'missing-kid'
  | 'unsupported-alg'
  | 'no-trusted-key'
  | 'canonicalization-variant'
  | 'jku-refused'
  | 'key-expired'
  | 'key-not-yet-valid'
  | 'key-alg-mismatch'
  | 'key-unusable'
  | 'duplicate-names';

export type SignatureOutcome =
  | {
      outcome: 'verified';
      detail: string;
      kid: string;
      alg: string;
      keySource: string;
      /** RFC 7638 SHA-256 thumbprint of the key that verified the card (base64url). */
      thumbprint: string;
      /** Where that key came from (trustStore.ts FoundKey.origin). */
      keyOrigin: string;
    }
  | { outcome: 'unverifiable'; reason: UnverifiableReason; detail: string; kid?: string; variant?: CanonicalVariant }
  | { outcome: 'invalid'; detail: string; kid: string };

export interface VerifyOptions {
  trust: TrustStore;
  /** Reads a trusted key's type and validity (node/keyInspection.ts): PEM parsing is the platform's. */
  inspectKey: KeyInspector;
  cardUrl: string;
  originClass?: AddressClass;
  /** The clock for key validity (epoch ms); injected, Date.now when absent. */
  now?: () => number;
  /** The card's text as served: checked for names given twice (see above). Without it only the value is known. */
  text?: string;
}

interface Header {
  alg?: unknown;
  kid?: unknown;
  jku?: unknown;
  typ?: unknown;
}

function decodeHeader(protectedB64: unknown): Header | undefined {
  if (typeof protectedB64 !== 'string') return undefined;
  try {
    const value = JSON.parse(utf8Text(base64UrlDecode(protectedB64))) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Header) : undefined;
  } catch {
    return undefined;
  }
}

const RANK: Record<SignatureOutcome['outcome'], number> = { verified: 3, invalid: 2, unverifiable: 1 };

export async function verifyCardSignatures(card: unknown, opts: VerifyOptions): Promise<SignatureOutcome> {
  const signatures = (card as { signatures?: unknown })?.signatures;
  if (!Array.isArray(signatures) || signatures.length === 0)
    return { outcome: 'unverifiable', reason: 'unsigned', detail: 'the card carries no signatures' };
  const ambiguous = opts.text === undefined ? undefined : firstOverridden(opts.text, card);
  if (ambiguous) {
    return {
      outcome: 'unverifiable',
      reason: 'duplicate-names',
      detail: `the card gives the member ${ambiguous} more than once in one object: parsers disagree on which value was signed (RFC 8785 requires unique names), so no signature over it is trusted`,
    };
  }
  let payloads: Record<CanonicalVariant, string>;
  try {
    payloads = canonicalPayloads(card);
  } catch (err) {
    return { outcome: 'unverifiable', reason: 'malformed', detail: (err as Error).message };
  }
  let best: SignatureOutcome | undefined;
  for (const [index, sig] of signatures.entries()) {
    const result = await verifyOne(sig, index, card, payloads, opts);
    if (!best || RANK[result.outcome] > RANK[best.outcome]) best = result;
    if (best.outcome === 'verified') break;
  }
  return best!;
}

/** The pointer (quoted) of the first name the text gives twice in one object, if any. */
function firstOverridden(text: string, card: unknown): string | undefined {
  if (!mayHaveDuplicateNames(text, card)) return undefined;
  const [first] = findOverriddenNames(text);
  return first ? JSON.stringify(first.pointer.slice(0, 80)) : undefined;
}

async function verifyOne(
  sig: unknown,
  index: number,
  card: unknown,
  payloads: Record<CanonicalVariant, string>,
  opts: VerifyOptions,
): Promise<SignatureOutcome> {
  const where = `signature ${index + 1}`;
  const s = (sig ?? {}) as { protected?: unknown; signature?: unknown; header?: unknown };
  const header = decodeHeader(s.protected);
  if (!header || typeof s.signature !== 'string')
    return {
      outcome: 'unverifiable',
      reason: 'malformed',
      detail: `${where}: the protected header or signature is not valid base64url JSON`,
    };
  const alg = typeof header.alg === 'string' ? header.alg : '';
  if (!(SUPPORTED_ALGS as readonly string[]).includes(alg)) {
    return {
      outcome: 'unverifiable',
      reason: 'unsupported-alg',
      detail: `${where}: algorithm ${JSON.stringify(alg || null)} is not supported (supported: ${SUPPORTED_ALGS.join(', ')})`,
    };
  }
  if (typeof header.kid !== 'string' || header.kid === '')
    return {
      outcome: 'unverifiable',
      reason: 'missing-kid',
      detail: `${where}: the protected header has no kid (required by A2A §8.4.2)`,
    };
  const kid = header.kid;
  const provider = (card as { provider?: { organization?: unknown } })?.provider?.organization;
  const found = await opts.trust.find({
    cardUrl: opts.cardUrl,
    kid,
    ...(typeof provider === 'string' ? { provider } : {}),
    ...(typeof header.jku === 'string' ? { jku: header.jku } : {}),
    ...(opts.originClass ? { originClass: opts.originClass } : {}),
  });
  if (found.keys.length === 0) {
    if (found.refused)
      return {
        outcome: 'unverifiable',
        reason: 'jku-refused',
        kid,
        detail: `${where}: no trusted key with kid ${JSON.stringify(kid)}; ${found.refused}`,
      };
    const extra = found.errors.length ? ` (${found.errors.join('; ')})` : '';
    return {
      outcome: 'unverifiable',
      reason: 'no-trusted-key',
      kid,
      detail: `${where}: no trusted key with kid ${JSON.stringify(kid)}${extra}`,
    };
  }
  // jose is ESM-only; this project is CommonJS (bundled by esbuild), so it is loaded with import().
  const { flattenedVerify } = await import('jose');
  const now = (opts.now ?? Date.now)();
  const unusable: { reason: UnverifiableReason; why: string }[] = [];
  let usedAny = false;
  for (const key of found.keys) {
    const usable = await usableKey(key, alg, now, opts.inspectKey);
    if ('reason' in usable) {
      unusable.push(usable);
      continue;
    }
    usedAny = true;
    for (const variant of Object.keys(payloads) as CanonicalVariant[]) {
      const ok = await flattenedVerify(
        {
          protected: s.protected as string,
          signature: s.signature,
          payload: base64UrlEncode(utf8Bytes(payloads[variant])),
        },
        usable.key,
        { algorithms: [alg] },
      ).then(
        () => true,
        () => false,
      );
      if (!ok) continue;
      if (variant === 'spec')
        return {
          outcome: 'verified',
          kid,
          alg,
          keySource: key.source,
          thumbprint: await keyThumbprint(key.material, alg),
          keyOrigin: key.origin,
          detail: `${where} verified with key ${kid} (${alg}) from ${key.source}`,
        };
      return {
        outcome: 'unverifiable',
        reason: 'canonicalization-variant',
        kid,
        variant,
        detail: `${where}: key ${kid} verifies the card only as canonicalized by ${VARIANT_EXPLANATION[variant]}, not by ${VARIANT_EXPLANATION.spec}; the card is authentic to that SDK's reading but the signature is not spec-conformant`,
      };
    }
  }
  if (!usedAny) {
    return {
      outcome: 'unverifiable',
      reason: unusable[0]?.reason ?? 'key-unusable',
      kid,
      detail: `${where}: trusted key ${kid} cannot be used: ${unusable.map((u) => u.why).join('; ')}`,
    };
  }
  return {
    outcome: 'invalid',
    kid,
    detail: `${where}: the signature does not match the card for trusted key ${kid}: the card was altered after signing, or signed with another key`,
  };
}

/** The key ready for `alg` at `now`, or why it cannot be used (validity first: an expired key is never tried). */
async function usableKey(
  key: FoundKey,
  alg: string,
  now: number,
  inspectKey: KeyInspector,
): Promise<{ key: Awaited<ReturnType<typeof importKey>> } | { reason: UnverifiableReason; why: string }> {
  const facts = inspectKey(key.material);
  if (facts instanceof Error) return { reason: 'key-unusable', why: `${facts.message} (${key.source})` };
  const outside = outsideValidity([key.validity ?? {}, facts.validity], now);
  if (outside) return { ...outside, why: `${outside.why} (${key.source})` };
  const mismatch = algMismatch(facts.type, alg);
  if (mismatch) return { reason: 'key-alg-mismatch', why: `${mismatch} (${key.source})` };
  try {
    return { key: await importKey(key.material, alg) };
  } catch (err) {
    return { reason: 'key-unusable', why: `it cannot be used with ${alg} (${(err as Error).message}) (${key.source})` };
  }
}

/** The first window `now` falls outside of: 'key expired on …' / 'key not valid before …', naming the bound's origin. */
function outsideValidity(
  windows: readonly Validity[],
  now: number,
): { reason: 'key-expired' | 'key-not-yet-valid'; why: string } | undefined {
  for (const w of windows) {
    if (w.notAfter && now > w.notAfter.at)
      return {
        reason: 'key-expired',
        why: `key expired on ${new Date(w.notAfter.at).toISOString()} (${w.notAfter.from})`,
      };
    if (w.notBefore && now < w.notBefore.at)
      return {
        reason: 'key-not-yet-valid',
        why: `key not valid before ${new Date(w.notBefore.at).toISOString()} (${w.notBefore.from})`,
      };
  }
  return undefined;
}
