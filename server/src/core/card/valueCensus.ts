/**
 * One walk of a parsed document that several rules need, made once per document instead of once per rule: how many
 * member names it holds (duplicate-member compares that with the names in the text), how deep it nests and whether
 * any number is not finite (not-canonicalizable looks for where only when one of these says it must). On a card of
 * megabytes every walk of the whole value is a noticeable part of a lint, so they share this one.
 */

export interface ValueCensus {
  /** Own member names of every object, at any depth. */
  readonly names: number;
  /** The depth of the most deeply nested object or array (the root is at 0; -1 when the value is neither). */
  readonly deepest: number;
  /** Whether some number is NaN or infinite (JSON.parse gives Infinity for a literal like 1e400). */
  readonly nonFinite: boolean;
}

/** Nothing mutates a parsed value, so a census never goes stale; the WeakMap lets it go with the value. */
const censuses = new WeakMap<object, ValueCensus>();

export function valueCensus(value: unknown): ValueCensus {
  if (typeof value !== 'object' || value === null) return takeCensus(value);
  let census = censuses.get(value);
  if (!census) censuses.set(value, (census = takeCensus(value)));
  return census;
}

/** Iterative (nesting depth is the document's to choose), one pass, no allocation per value. */
function takeCensus(root: unknown): ValueCensus {
  let names = 0;
  let deepest = -1;
  let nonFinite = typeof root === 'number' && !Number.isFinite(root);
  const pending: unknown[] = [root];
  const depths: number[] = [0];
  while (pending.length > 0) {
    const item = pending.pop();
    const depth = depths.pop() ?? 0;
    if (item === null || typeof item !== 'object') continue;
    if (depth > deepest) deepest = depth;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        const element: unknown = item[i];
        if (typeof element === 'object') {
          if (element !== null) {
            pending.push(element);
            depths.push(depth + 1);
          }
        } else if (typeof element === 'number' && !Number.isFinite(element)) nonFinite = true;
      }
      continue;
    }
    const record = item as Record<string, unknown>;
    for (const key in record) {
      names++;
      const member = record[key];
      if (typeof member === 'object') {
        if (member !== null) {
          pending.push(member);
          depths.push(depth + 1);
        }
      } else if (typeof member === 'number' && !Number.isFinite(member)) nonFinite = true;
    }
  }
  return { names, deepest, nonFinite };
}
