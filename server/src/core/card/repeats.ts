/**
 * Strings that an earlier one in a list equals (skill ids given twice). A table of hashes with linear probing instead
 * of a Map of the strings: strings parsed from a card are fresh, not interned, and a Map of thousands of them costs
 * about ten times this (hashing into a table that grows, then comparing contents); here a string is hashed once and
 * compared only with the strings of the same hash.
 */

/** FNV-1a over the UTF-16 code units. */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** A power of two at least twice `n`: the table stays at most half full. */
function tableSize(n: number): number {
  let size = 16;
  while (size < 2 * n) size *= 2;
  return size;
}

/**
 * Calls `visit(index, first)` for every index whose string (`stringAt`; undefined: none) an earlier index holds, with
 * the earliest such index, in index order.
 */
export function forEachRepeat(
  count: number,
  stringAt: (index: number) => string | undefined,
  visit: (index: number, first: number) => void,
): void {
  const hashAt = (i: number): number | undefined => {
    const s = stringAt(i);
    return s === undefined ? undefined : hashOf(s);
  };
  forEachRepeatOf(count, hashAt, (i, earlier) => stringAt(i) === stringAt(earlier), visit);
}

/**
 * The table under forEachRepeat, for items that are not plain strings: `hashAt` (undefined: the item takes no part)
 * and `same` decide equality, `same` being asked only of items whose hashes are equal. `visit` gets each repeated
 * index with the earliest equal one, in index order, until it returns false.
 */
export function forEachRepeatOf(
  count: number,
  hashAt: (index: number) => number | undefined,
  same: (index: number, earlier: number) => boolean,
  visit: (index: number, first: number) => boolean | void,
): void {
  const slots = new Int32Array(tableSize(count)); // index + 1 of the first item of a hash chain slot; 0: empty
  const hashes = new Int32Array(count);
  const mask = slots.length - 1;
  for (let i = 0; i < count; i++) {
    const h = hashAt(i);
    if (h === undefined) continue;
    hashes[i] = h;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot] ?? 0;
      if (held === 0) {
        slots[slot] = i + 1;
        break;
      }
      if (hashes[held - 1] === h && same(i, held - 1)) {
        if (visit(i, held - 1) === false) return;
        break;
      }
    }
  }
}
