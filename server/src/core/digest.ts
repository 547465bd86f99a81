/**
 * The card digest pinned in lockfiles: "sha256:<hex>" of the RFC 8785 (JCS) canonical form of the card
 * WITHOUT its `signatures` member — the same payload a card signature covers (A2A §8.4), so key order,
 * whitespace and re-signing do not change it.
 *
 * This hashes the card exactly as served: it does not apply the proto default-stripping of §8.4.1
 * (dropping empty strings/false/[]), because a digest must notice every change of the served bytes'
 * meaning, and SDKs disagree on that stripping (see the facts sheet §10).
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** The value that is hashed: the card minus top-level `signatures` (only for an object card). */
export function digestPayload(card: unknown): unknown {
  if (typeof card !== 'object' || card === null || Array.isArray(card)) return card;
  // Object.fromEntries defines own properties, so a "__proto__" member is copied as data, not as a prototype.
  return Object.fromEntries(Object.entries(card).filter(([key]) => key !== 'signatures'));
}

/** RFC 8785 canonical JSON of the digest payload. Throws a one-line Error for a value JSON cannot hold. */
export function canonicalCard(card: unknown): string {
  let text: string | undefined;
  try {
    text = canonicalize(digestPayload(card));
  } catch (err) {
    if (err instanceof RangeError) throw new Error('the card is nested too deeply to canonicalize');
    throw new Error(`the card cannot be canonicalized: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (text === undefined) throw new Error('the card cannot be canonicalized: it is not a JSON value');
  return text;
}

export function cardDigest(card: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalCard(card), 'utf8').digest('hex')}`;
}
