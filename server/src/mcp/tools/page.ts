/** A page of a long list, with the cursor of the next page when there is one. */
export interface Page<T> {
  items: T[];
  total: number;
  next_cursor?: string;
}

export function pageOf<T>(all: readonly T[], start: number, size: number): Page<T> {
  const items = all.slice(start, start + size);
  const next = start + size;
  return { items, total: all.length, ...(next < all.length ? { next_cursor: String(next) } : {}) };
}
