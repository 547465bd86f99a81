/** Sorted, de-duplicated copy: lockfile arrays are sets, so their order must not depend on input order. */
export function sortedSet(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}
