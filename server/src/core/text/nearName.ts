/**
 * "Did you mean …?" for names people type: members, scheme names, rule ids. Only small typos are interesting, so
 * the edit distance is capped, and a suggestion is made only when it is unambiguous.
 */

/**
 * Edit distance (insert, delete, substitute), capped: beyond `cap` only "more than cap" is known (cap + 1).
 * Only the band of cells within `cap` of the diagonal can stay within the cap, and a row whose every cell is over
 * it ends the computation: O(length × cap), not length² (skill ids can be 100,000 characters long).
 */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  if (a === b) return 0;
  const over = cap + 1;
  let row = new Array<number>(b.length + 1);
  let next = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = Math.min(j, over);
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - cap);
    const to = Math.min(b.length, i + cap);
    // Only the band is written; its neighbours are set to "over" so that stale cells from older rows are never read.
    next[from - 1] = from === 1 ? Math.min(i, over) : over;
    if (to < b.length) next[to + 1] = over;
    let best = next[from - 1] ?? over;
    for (let j = from; j <= to; j++) {
      const d = Math.min(
        (row[j] ?? over) + 1,
        (next[j - 1] ?? over) + 1,
        (row[j - 1] ?? over) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      const cell = Math.min(d, over);
      next[j] = cell;
      if (cell < best) best = cell;
    }
    if (best >= over) return over;
    [row, next] = [next, row];
  }
  return row[b.length] ?? over;
}

/** The known name meant: the first one equal but for case, else the only one within 2 edits (else null). */
export function suggestMember(member: string, known: readonly string[]): string | null {
  const lower = member.toLowerCase();
  const exact = known.find((k) => k.toLowerCase() === lower);
  if (exact) return exact;
  const close = known.filter((k) => editDistance(k.toLowerCase(), lower, 2) <= 2);
  return close.length === 1 ? (close[0] ?? null) : null;
}

/** The one defined name a misspelled name is closest to (case-insensitive match or ≤ 2 edits), if unambiguous. */
export function closestName(name: string, defined: readonly string[]): string | undefined {
  const exactCase = defined.filter((d) => d.toLowerCase() === name.toLowerCase());
  if (exactCase.length === 1) return exactCase[0];
  const scored = defined
    .map((d) => ({ d, n: editDistance(name.toLowerCase(), d.toLowerCase()) }))
    .filter((x) => x.n <= 2)
    .sort((x, y) => x.n - y.n);
  const [best, runnerUp] = scored;
  return best && (!runnerUp || best.n < runnerUp.n) ? best.d : undefined;
}
