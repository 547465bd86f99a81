/**
 * Findings carry JSON Pointers; every front end shows them as text ranges. They are located here, all of a
 * document's findings in one pass over its text (core/pointer/locateAll.ts): one lookup per finding rescans the
 * document each time, which is quadratic in the number of findings.
 */
import { makeLocator } from '../core/pointer/locateAll';
import { offsetToPosition, type OffsetRange, type Position } from '../core/pointer/range';
import type { Finding } from '../core/types';

/** A zero-based, LSP-style range (UTF-16 characters), with the offsets it was made from. */
export interface FindingRange extends OffsetRange {
  start: Position;
  end: Position;
}

export type LocatedFinding = Finding & { range: FindingRange };

/** Each finding with its range in `text`; the pointers are located together, in one pass. */
export function locateFindings(text: string, findings: readonly Finding[]): LocatedFinding[] {
  const locate = makeLocator(
    text,
    findings.filter((f) => !f.offset).map((f) => f.pointer),
  );
  return findings.map((f) => {
    const { offset, length } = f.offset ?? locate(f.pointer, f.target ?? 'value');
    return {
      ...f,
      range: { offset, length, start: offsetToPosition(text, offset), end: offsetToPosition(text, offset + length) },
    };
  });
}
