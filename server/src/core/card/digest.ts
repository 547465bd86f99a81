/**
 * The card digest pinned in lockfiles: "sha256:<hex>" of the RFC 8785 (JCS) canonical form of the card
 * WITHOUT its `signatures` member — the same payload a card signature covers (A2A §8.4), so key order,
 * whitespace and re-signing do not change it.
 *
 * This hashes the card exactly as served: it does not apply the proto default-stripping of §8.4.1
 * (dropping empty strings/false/[]), because a digest must notice every change of the served bytes'
 * meaning, and SDKs disagree on that stripping (see the facts sheet §10).
 */
import canonicalize from 'canonicalize';
import { escapeSegment } from '../pointer/range';
import { sha256Hex } from '../bytes/hash';

/**
 * Deepest nesting canonicalized. The canonicalizer recurses per level, so without a bound the limit would be
 * whatever stack the process has left; a fixed bound makes "cannot be digested" the same in the CLI and the editor.
 */
export const MAX_CANONICAL_DEPTH = 500;

/** Why a value has no canonical form, and where: the first problem found. */
export interface CanonicalProblem {
  pointer: string;
  reason: string;
}

function clipPointer(pointer: string): string {
  return pointer.length > 60 ? `${pointer.slice(0, 59)}…` : pointer;
}

/** The Error canonicalCard throws: a one-line message, plus where the problem is. */
export class CanonicalizationError extends Error {
  constructor(readonly problem: CanonicalProblem) {
    super(
      `the card cannot be used: it has no canonical form (RFC 8785), so it cannot be pinned, digested or signature-checked, because of ${problem.reason}${problem.pointer ? ` (at ${clipPointer(problem.pointer)})` : ''}`,
    );
    this.name = 'CanonicalizationError';
  }
}

function numberProblem(n: number): string {
  return Number.isNaN(n)
    ? 'a number that is NaN'
    : 'a number that overflows a double (like 1e400: RFC 8785 takes finite numbers only)';
}

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | undefined;
  key: string;
}

function pointerOf(frame: Frame): string {
  const segments: string[] = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) segments.push(escapeSegment(f.key));
  return segments.length ? `/${segments.reverse().join('/')}` : '';
}

/**
 * The first reason `value` has no RFC 8785 canonical form (a non-finite number, nesting deeper than
 * MAX_CANONICAL_DEPTH), or undefined. Iterative, so it never exhausts the stack itself; runs on every lint, so
 * the pointer is built only for the problem found.
 */
export function canonicalProblem(value: unknown): CanonicalProblem | undefined {
  const stack: Frame[] = [{ value, depth: 0, parent: undefined, key: '' }];
  while (stack.length) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { pointer: pointerOf(frame), reason: numberProblem(v) };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (frame.depth >= MAX_CANONICAL_DEPTH)
      return { pointer: pointerOf(frame), reason: `nesting deeper than ${MAX_CANONICAL_DEPTH} levels` };
    const depth = frame.depth + 1;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const item: unknown = v[i];
        if (typeof item === 'object' ? item !== null : typeof item === 'number')
          stack.push({ value: item, depth, parent: frame, key: String(i) });
      }
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (key === undefined) continue;
        const item: unknown = (v as Record<string, unknown>)[key];
        if (typeof item === 'object' ? item !== null : typeof item === 'number')
          stack.push({ value: item, depth, parent: frame, key });
      }
    }
  }
  return undefined;
}

/** The value that is hashed: the card minus top-level `signatures` (only for an object card). */
export function digestPayload(card: unknown): unknown {
  if (typeof card !== 'object' || card === null || Array.isArray(card)) return card;
  // Object.fromEntries defines own properties, so a "__proto__" member is copied as data, not as a prototype.
  return Object.fromEntries(Object.entries(card).filter(([key]) => key !== 'signatures'));
}

/** Why the card (its digest payload: without `signatures`) cannot be digested, or undefined. */
export function cardCanonicalProblem(card: unknown): CanonicalProblem | undefined {
  return canonicalProblem(digestPayload(card));
}

/** RFC 8785 canonical JSON of `value`. Throws a one-line CanonicalizationError for a value that has none. */
export function canonicalJson(value: unknown): string {
  const problem = canonicalProblem(value);
  if (problem) throw new CanonicalizationError(problem);
  let text: string | undefined;
  try {
    text = canonicalize(value);
  } catch (err) {
    const reason =
      err instanceof RangeError
        ? 'nesting too deep for the canonicalizer'
        : err instanceof Error
          ? err.message
          : 'an unknown error';
    throw new CanonicalizationError({ pointer: '', reason });
  }
  if (text === undefined) throw new CanonicalizationError({ pointer: '', reason: 'a value that is not JSON' });
  return text;
}

/** RFC 8785 canonical JSON of the digest payload. Throws a one-line CanonicalizationError for a value JSON cannot hold. */
export function canonicalCard(card: unknown): string {
  return canonicalJson(digestPayload(card));
}

export function cardDigest(card: unknown): string {
  return `sha256:${sha256Hex(canonicalCard(card))}`;
}
