/**
 * Media-type matching for modes. A mode is a media type ("application/json"), possibly with a wildcard
 * subtype ("image/*") or the full wildcard ("*\/*"); parameters ("; charset=utf-8") do not take part in
 * matching, and type/subtype compare case-insensitively (RFC 9110 §8.3.1).
 */
interface Parsed {
  type: string;
  subtype: string;
}

/** Cards repeat the same few media types thousands of times; parsing each once keeps big cards cheap. */
const parsed = new Map<string, Parsed | null>();
const MAX_CACHED = 4096;

function parse(mode: string): Parsed | null {
  let result = parsed.get(mode);
  if (result === undefined) {
    result = parseUncached(mode);
    if (parsed.size < MAX_CACHED) parsed.set(mode, result);
  }
  return result;
}

function parseUncached(mode: string): Parsed | null {
  const essence = (mode.split(';', 1)[0] ?? '').trim().toLowerCase();
  const slash = essence.indexOf('/');
  if (slash <= 0 || slash === essence.length - 1) return null;
  return { type: essence.slice(0, slash), subtype: essence.slice(slash + 1) };
}

/**
 * True when `offered` covers every value `wanted` can take: "image/*" covers "image/png" and "image/*";
 * "*\/*" covers everything; otherwise the essences must be equal. Strings that are not media types
 * (bare words like "text") only match themselves exactly.
 */
export function covers(offered: string, wanted: string): boolean {
  if (offered === wanted) return true; // the common case, without parsing
  const o = parse(offered);
  const w = parse(wanted);
  if (!o || !w) return offered.trim().toLowerCase() === wanted.trim().toLowerCase();
  if (o.type === '*' && o.subtype === '*') return true;
  if (o.type !== w.type) return false;
  return o.subtype === '*' || o.subtype === w.subtype;
}

/** True when some value is acceptable to both sides (either one covers the other). */
export function overlaps(a: string, b: string): boolean {
  return covers(a, b) || covers(b, a);
}

/** True when one of `offered` covers `wanted`. Exact matches are looked for first: they are the common case. */
export function anyCovers(offered: readonly string[], wanted: string): boolean {
  for (let i = 0; i < offered.length; i++) if (offered[i] === wanted) return true;
  for (const mode of offered) if (covers(mode, wanted)) return true;
  return false;
}

/**
 * A list of modes (a card's defaults) indexed once, so that which of them another list (a skill's own modes) covers
 * is found by lookups: O(own modes + covered) per skill instead of defaults × own modes comparisons (a card with
 * 10,000 defaults and 10,000 one-mode skills took a minute). Agrees with `anyCovers` for every pair.
 */
export interface ModeIndex {
  readonly list: readonly string[];
  /** Which modes of `list` some string of `own` covers, and how many it does not. */
  covered(own: readonly unknown[]): { has(i: number): boolean; missing: number };
}

export function indexModes(list: readonly string[]): ModeIndex {
  const byKey = new Map<string, number[]>();
  const byType = new Map<string, number[]>();
  const isMediaType: boolean[] = [];
  const others: number[] = []; // not media types: only an equal text covers them, never a wildcard
  const add = (map: Map<string, number[]>, key: string, i: number): void => {
    const at = map.get(key);
    if (at) at.push(i);
    else map.set(key, [i]);
  };
  list.forEach((mode, i) => {
    const p = parse(mode);
    isMediaType[i] = p !== null;
    add(byKey, keyOf(mode, p), i);
    if (p) add(byType, p.type, i);
    else others.push(i);
  });
  return {
    list,
    covered(own) {
      const set = new Set<number>();
      let everyMediaType = false;
      for (const o of own) {
        if (typeof o !== 'string') continue;
        const p = parse(o);
        if (p && p.type === '*' && p.subtype === '*') everyMediaType = true;
        else if (p && p.subtype === '*') for (const i of byType.get(p.type) ?? []) set.add(i);
        for (const i of byKey.get(keyOf(o, p)) ?? []) set.add(i);
      }
      if (!everyMediaType) return { has: (i) => set.has(i), missing: list.length - set.size };
      return { has: (i) => isMediaType[i] === true || set.has(i), missing: others.filter((i) => !set.has(i)).length };
    },
  };
}

/** What `covers` compares: the essence of a media type, or the trimmed lower-case text of anything else. */
function keyOf(mode: string, p: Parsed | null): string {
  return p ? `${p.type}/${p.subtype}` : `~${mode.trim().toLowerCase()}`;
}

/** Comparing every mode with every other is fine for the lists real cards have; longer ones go through an index. */
const PAIRWISE_LIMIT = 256;

/** A list whose index is built on first need, once (a card's defaults, against each of its skills). */
export class LazyModeIndex {
  private index: ModeIndex | undefined;
  constructor(readonly list: readonly string[]) {}
  get(): ModeIndex {
    return (this.index ??= indexModes(this.list));
  }
}

/**
 * The first `max` items of `modes` that no string of `own` covers (non-strings are ignored), and how many there are;
 * undefined when `own` covers them all. Pairwise, allocating nothing when nothing is missing (big cards have
 * thousands of skills that drop nothing), or through `index` (the index of the same `modes`) when both are long.
 *
 * The list is passed as the array, not read from `index`, because the pairwise path is the hot one and must not touch
 * the index object: optimized code that reads a field of an object checks that object's map, and a class instance's
 * map lives only while some instance does. Indexes are made per card and dropped after it, so V8 threw the compiled
 * loop away at every garbage collection between two cards (`--trace-deopt`: "weak objects") and a big card's compile
 * ran mostly unoptimized.
 */
export function uncovered(
  own: readonly unknown[],
  modes: readonly string[],
  index: LazyModeIndex,
  max: number,
): { first: string[]; missing: number } | undefined {
  if (own.length * modes.length > PAIRWISE_LIMIT) {
    const coverage = index.get().covered(own);
    if (coverage.missing === 0) return undefined;
    const first: string[] = [];
    for (let i = 0; i < modes.length && first.length < max; i++) {
      const mode = modes[i];
      if (mode !== undefined && !coverage.has(i)) first.push(mode);
    }
    return { first, missing: coverage.missing };
  }
  let first: string[] | undefined;
  let missing = 0;
  for (let i = 0; i < modes.length; i++) {
    const mode = modes[i];
    if (mode === undefined || anyStringCovers(own, mode)) continue;
    missing++;
    if ((first ??= []).length < max) first.push(mode);
  }
  return first && { first, missing };
}

/** anyCovers over a list that may hold non-strings (a card's raw member), exact matches first. */
function anyStringCovers(modes: readonly unknown[], mode: string): boolean {
  for (let i = 0; i < modes.length; i++) if (modes[i] === mode) return true;
  for (let i = 0; i < modes.length; i++) {
    const own = modes[i];
    if (typeof own === 'string' && covers(own, mode)) return true;
  }
  return false;
}

/**
 * Which items of `wanted` some mode of `offered` covers, through an index when both lists are long (a lockfile
 * pinning 30,000 modes of an agent offering 30,000: seconds pairwise, milliseconds indexed).
 */
export function coveredMask(offered: readonly string[], wanted: readonly string[]): (i: number) => boolean {
  if (offered.length * wanted.length <= PAIRWISE_LIMIT) {
    return (i) => {
      const mode = wanted[i];
      return mode !== undefined && anyCovers(offered, mode);
    };
  }
  const covered = indexModes(wanted).covered(offered);
  return (i) => covered.has(i);
}
