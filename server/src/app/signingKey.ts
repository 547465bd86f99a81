/**
 * The card's signing key, verified against a trust store with the platform's key inspection: what `pin` records in
 * a lockfile (`signing_key`) and what `check` compares it with (core/lockfile/signingKey.ts). A card's `jku` is
 * followed only where a trust-store entry allows it (core/signature/trustStore.ts): the signer never names its own
 * trust root.
 */
import type { CurrentSigning } from '../core/lockfile/signingKey';
import type { SignaturePolicy } from '../core/signature/policy';
import type { TrustStore } from '../core/signature/trustStore';
import { verifyCardSignatures } from '../core/signature/verify';
import type { SigningKey } from '../core/types';
import { inspectKey } from '../node/keyInspection';

export type { CurrentSigning, SigningKey };

/** The card's signature now, as the lockfile check reads it. */
export async function currentSigning(trust: TrustStore, card: unknown, cardUrl: string): Promise<CurrentSigning> {
  const outcome = await verifyCardSignatures(card, { trust, inspectKey, cardUrl });
  if (outcome.outcome === 'verified')
    return { state: 'verified', kid: outcome.kid, thumbprint: outcome.thumbprint, origin: outcome.keyOrigin };
  if (outcome.outcome === 'invalid') return { state: 'invalid', detail: outcome.detail };
  return outcome.reason === 'unsigned' ? { state: 'unsigned' } : { state: 'unverified', detail: outcome.detail };
}

/** The verified signing key to record at pin time, or undefined when the card's signature did not verify. */
export async function verifiedSigningKey(
  trust: TrustStore,
  card: unknown,
  cardUrl: string,
): Promise<SigningKey | undefined> {
  const now = await currentSigning(trust, card, cardUrl);
  return now.state === 'verified' ? { kid: now.kid, thumbprint: now.thumbprint, origin: now.origin } : undefined;
}

/** The check's signing option (core/check/refreshLockfile.ts RefreshOptions.signing). */
export function signingCheck(
  trust: TrustStore,
  policy: SignaturePolicy,
): { verify: (card: unknown, cardUrl: string) => Promise<CurrentSigning>; policy: SignaturePolicy } {
  return { verify: (card, cardUrl) => currentSigning(trust, card, cardUrl), policy };
}
