/**
 * Catalog identifiers that a person or a model choosing by name can take for one another, the AI Catalog
 * specification's typosquatting concern: the same skeleton (Unicode's confusables, UTS #39, through the
 * `unhomoglyph` data the card rules use, and case, read both ways round), or skeletons one edit apart.
 *
 * Cost: a catalog may list 10,000 entries, so pairs are never compared all against all. Skeletons are bucketed:
 * equal skeletons by a map, and skeletons one edit apart by their deletion neighbourhoods (each skeleton and each
 * skeleton with one character deleted are keys, hashed: two strings one edit apart share one). Only skeletons up to
 * MAX_NEAR_LENGTH characters get a neighbourhood, and each key keeps its first owner only (a number, not a list:
 * the keys of 10,000 identifiers are 400,000 map entries, and a list each was most of the cost).
 */
import prototypes from 'unhomoglyph/data.json';
import { editDistance } from '../text/nearName';

const PROTOTYPE = prototypes as Readonly<Record<string, string>>;

const MAX_NEAR_LENGTH = 128;

function asPrototypes(text: string, keepDigits = false): string {
  let out = '';
  for (const ch of text) out += keepDigits && ch >= '0' && ch <= '9' ? ch : (PROTOTYPE[ch] ?? ch);
  return out;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const DIGIT = /[0-9]/;
const DIGITS = /[0-9]/g;

/** The identifier as it reads: in lower case, each character by its confusables prototype. */
export function identifierSkeleton(identifier: string): string {
  return asPrototypes(identifier.toLowerCase());
}

/**
 * The other reading: prototypes first, then lower case, for capitals that pass for another small letter (I for l),
 * which lower case alone would turn into their own small letter.
 */
function capitalsSkeleton(identifier: string): string {
  return asPrototypes(identifier).toLowerCase();
}

export interface Lookalike {
  /** Index (in the input) of the identifier that looks like an earlier one. */
  index: number;
  /** Index of the earlier identifier. */
  like: number;
  how: 'skeleton' | 'one-edit';
}

/**
 * Two names that differ only in digits ("agent-1", "agent-2", "agent-10") are numbered siblings, not an imitation:
 * what is left of each once their common start and end are set aside is digits only.
 */
function numberedSiblings(a: string, b: string): boolean {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const digits = /^\d*$/;
  return digits.test(a.slice(start, a.length - end)) && digits.test(b.slice(start, b.length - end));
}

const BASE = 0x01000193;

/** Scratch space for the hashes of one skeleton (skeletons longer than MAX_NEAR_LENGTH get no neighbourhood). */
const PREFIX = new Int32Array(MAX_NEAR_LENGTH + 1);
const POWER = new Int32Array(MAX_NEAR_LENGTH + 1);

/**
 * The deletion neighbourhood as numbers: the polynomial hash (mod 2^32) of the skeleton and of the skeleton with
 * each one character deleted, from prefix hashes, so no string is built per key. Two keys that collide are told
 * apart by the edit distance the caller computes anyway.
 */
function neighbourhood(skeleton: string): number[] {
  const n = skeleton.length;
  PREFIX[0] = 0;
  POWER[0] = 1;
  for (let i = 0; i < n; i++) {
    PREFIX[i + 1] = Math.imul(PREFIX[i]!, BASE) + skeleton.charCodeAt(i);
    POWER[i + 1] = Math.imul(POWER[i]!, BASE);
  }
  const whole = PREFIX[n]!;
  const keys = [whole];
  for (let i = 0; i < n; i++) {
    // A name one digit away from another is a numbered sibling (numberedSiblings): no key, no comparison.
    if (isDigit(skeleton.charCodeAt(i))) continue;
    const tail = n - 1 - i;
    // hash(s[0..i)) * B^tail + hash(s[i+1..n)), where hash(s[i+1..n)) = hash(s) - hash(s[0..i+1)) * B^tail.
    const rest = (whole - Math.imul(PREFIX[i + 1]!, POWER[tail]!)) | 0;
    keys.push((Math.imul(PREFIX[i]!, POWER[tail]!) + rest) | 0);
  }
  return keys;
}

/**
 * For each identifier that looks like an earlier, different one: which, and how. `identifiers` holds distinct
 * strings (the caller drops repeats: the same identifier at another version is no imitation).
 */
export function lookalikeIdentifiers(identifiers: readonly string[]): Lookalike[] {
  const out: Lookalike[] = [];
  const bySkeleton = new Map<string, number>();
  const byKey = new Map<number, number>();
  const skeletons: string[] = [];
  identifiers.forEach((identifier, index) => {
    const lower = identifier.toLowerCase();
    // One edit apart is judged with digits as written: the skeleton reads 1 as l and 0 as o.
    const near = asPrototypes(lower, true);
    const skeleton = DIGIT.test(near) ? near.replace(DIGITS, (d) => PROTOTYPE[d] ?? d) : near;
    const capitals = lower === identifier ? skeleton : capitalsSkeleton(identifier);
    skeletons.push(near);
    const same = bySkeleton.get(skeleton) ?? bySkeleton.get(capitals);
    if (same !== undefined) {
      out.push({ index, like: same, how: 'skeleton' });
      return;
    }
    bySkeleton.set(skeleton, index);
    if (!bySkeleton.has(capitals)) bySkeleton.set(capitals, index);
    if (near.length > MAX_NEAR_LENGTH) return;
    const keys = neighbourhood(near);
    const like = nearOwner(keys, index, identifiers, skeletons, byKey);
    if (like !== undefined) out.push({ index, like, how: 'one-edit' });
    for (const key of keys) if (!byKey.has(key)) byKey.set(key, index);
  });
  return out;
}

function nearOwner(
  keys: readonly number[],
  index: number,
  identifiers: readonly string[],
  skeletons: readonly string[],
  byKey: ReadonlyMap<number, number>,
): number | undefined {
  for (const key of keys) {
    const owner = byKey.get(key);
    if (owner === undefined || editDistance(skeletons[index]!, skeletons[owner]!, 1) !== 1) continue;
    if (!numberedSiblings(identifiers[index]!, identifiers[owner]!)) return owner;
  }
  return undefined;
}
