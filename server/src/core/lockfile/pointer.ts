import type { JsonPointer } from '../types';
import { escapeSegment, toPointer } from '../pointer/range';

/** RFC 6901 escaping lives in ../pointer/range (one implementation); re-exported for the lockfile module's users. */
export { escapeSegment };

/** Pointer into a lockfile from raw segments (any skill id, untrusted, makes a valid segment). */
export function pointerOf(...segments: (string | number)[]): JsonPointer {
  return toPointer(segments);
}
