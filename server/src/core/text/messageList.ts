/**
 * A list inside a message: the first few items and a count of the rest ("a, b, c and 9,990 more"). Cards can hold
 * tens of thousands of modes, schemes or skills, and a message per finding must not copy them all.
 */
export interface SomeOfOptions<T> {
  /** Items shown. Default 10. */
  max?: number;
  /** Default ", ". */
  sep?: string;
  /** How many there are, when `items` is already cut. Default items.length. */
  total?: number;
  /** Applied to the items shown only. */
  format?: (item: T) => string;
}

export function someOf<T>(items: readonly T[], opts: SomeOfOptions<T> = {}): string {
  const shown = items.slice(0, opts.max ?? 10);
  const text = shown.map(opts.format ?? String).join(opts.sep ?? ', ');
  const rest = (opts.total ?? items.length) - shown.length;
  return rest > 0 ? `${text} and ${rest} more` : text;
}
