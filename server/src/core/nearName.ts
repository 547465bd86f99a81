/**
 * "Did you mean …?" for names people type: members, scheme names, rule ids. Only small typos are interesting, so
 * the edit distance is capped, and a suggestion is made only when it is unambiguous.
 */

/** Edit distance (insert, delete, substitute), capped: beyond `cap` only "more than cap" is known (cap + 1). */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** The known name meant: the first one equal but for case, else the only one within 2 edits (else null). */
export function suggestMember(member: string, known: readonly string[]): string | null {
  const lower = member.toLowerCase();
  const exact = known.find((k) => k.toLowerCase() === lower);
  if (exact) return exact;
  const close = known.filter((k) => editDistance(k.toLowerCase(), lower, 2) <= 2);
  return close.length === 1 ? close[0]! : null;
}

/** The one defined name a misspelled name is closest to (case-insensitive match or ≤ 2 edits), if unambiguous. */
export function closestName(name: string, defined: readonly string[]): string | undefined {
  const exactCase = defined.filter((d) => d.toLowerCase() === name.toLowerCase());
  if (exactCase.length === 1) return exactCase[0];
  const scored = defined.map((d) => ({ d, n: editDistance(name.toLowerCase(), d.toLowerCase()) })).filter((x) => x.n <= 2).sort((x, y) => x.n - y.n);
  return scored.length === 1 || (scored.length > 1 && scored[0]!.n < scored[1]!.n) ? scored[0]!.d : undefined;
}
