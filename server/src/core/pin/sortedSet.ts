/**
 * Media-type matching for pinning: does a list of modes a skill offers cover one the workflow needs?
 * Parameters (`;charset=utf-8`) are ignored and comparison is case-insensitive (RFC 9110 §8.3.1);
 * an offered `type/*` or `*\/*` covers every subtype.
 */

function essence(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}

export function mediaTypeCovers(offered: string, wanted: string): boolean {
  const o = essence(offered);
  const w = essence(wanted);
  if (o === w || o === '*/*') return true;
  const [oType, oSub] = o.split('/');
  const [wType] = w.split('/');
  return oSub === '*' && oType === wType;
}

export function listCovers(offered: readonly string[], wanted: string): boolean {
  return offered.some((o) => mediaTypeCovers(o, wanted));
}

/** Sorted, de-duplicated copy: lockfile arrays are sets, so their order must not depend on input order. */
export function sortedSet(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}
