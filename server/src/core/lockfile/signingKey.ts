/**
 * The signing key a lockfile pinned (`signing_key`) against the card's signature now. A check with another verified
 * key is a review (key rotation: both thumbprints named); a card no longer signed is breaking under the signature
 * policy `require` and a review otherwise; a signature that does not verify, or cannot be verified, never confirms
 * the pinned key. Thumbprints come from keys the trust store holds; the card's kid is untrusted text and is quoted.
 */
import type { SignaturePolicy } from '../signature/policy';
import type { CheckItem, CheckResult, SigningKey } from '../types';
import { q } from './check';
import { pointerOf } from './pointer';
import { visibleText } from '../text/untrustedText';

/** What the card's signature says now (the caller verified it against its trust store). */
export type CurrentSigning =
  | { state: 'unsigned' }
  | { state: 'verified'; kid: string; thumbprint: string; origin: string }
  | { state: 'invalid'; detail: string }
  | { state: 'unverified'; detail: string }
  /** No trust store was given: nothing could be verified. */
  | { state: 'not-checked' };

function pinnedKey(pinned: SigningKey): string {
  return `${pinned.thumbprint}${pinned.kid !== undefined ? ` (kid ${q(pinned.kid)})` : ''}`;
}

export function signingKeyItems(pinned: SigningKey, now: CurrentSigning, policy: SignaturePolicy): CheckItem[] {
  const at = pointerOf('signing_key');
  const item = (level: CheckItem['level'], message: string, pointer = at): CheckItem[] => [
    { level, pointer, message: visibleText(message) },
  ];
  switch (now.state) {
    case 'not-checked':
      return item(
        'note',
        `the signing key was not checked (no trust store given); it was pinned as ${pinnedKey(pinned)}`,
      );
    case 'unsigned':
      return item(
        policy === 'require' ? 'breaking' : 'review',
        `the card is no longer signed: it was pinned with a signature verified by key ${pinnedKey(pinned)}${
          policy === 'require' ? ' (signature policy require)' : ''
        }`,
      );
    case 'invalid':
      return item('breaking', `the card's signature does not verify: ${now.detail}`);
    case 'unverified':
      return item(
        policy === 'require' ? 'breaking' : 'review',
        `the card's signature could not be verified, so the pinned key ${pinnedKey(pinned)} is not confirmed: ${now.detail}`,
      );
    case 'verified':
      if (now.thumbprint === pinned.thumbprint) return [];
      return item(
        'review',
        `the card is signed by another key (key rotation): pinned ${pinnedKey(pinned)}, now ${now.thumbprint} (kid ${q(now.kid)}, from ${q(now.origin)}); review the new key before re-pinning`,
        pointerOf('signing_key', 'thumbprint'),
      );
  }
}

/** The result with the signing key's items added (a new object: results may be memoized and shared). */
export function withSigningKeyItems(result: CheckResult, items: readonly CheckItem[]): CheckResult {
  if (items.length === 0) return result;
  const problems = [
    ...items.filter((i) => i.level === 'breaking'),
    ...result.problems.filter((i) => i.level === 'breaking'),
    ...result.problems.filter((i) => i.level === 'review'),
    ...items.filter((i) => i.level === 'review'),
  ];
  const notes = [...result.notes, ...items.filter((i) => i.level === 'note')];
  const classification = problems.some((i) => i.level === 'breaking')
    ? 'breaking'
    : problems.length > 0
      ? 'review'
      : 'compatible';
  return { ...result, classification, problems, notes };
}
