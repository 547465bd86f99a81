import type { JsonPointer } from '../types';

/** RFC 6901: "~" → "~0", "/" → "~1", so any skill id (untrusted) makes a valid pointer segment. */
export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(...segments: (string | number)[]): JsonPointer {
  return segments.map((s) => `/${escapeSegment(s)}`).join('');
}
