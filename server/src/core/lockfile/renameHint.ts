/**
 * The "renamed?" hint of a pinned skill that is gone: the one offered skill (not pinned itself) whose id is within
 * two edits of it, as closestName decides. Many missing skills against many offered ones must stay cheap: the
 * offered ids are indexed once by length (two edits change the length by two at most), and the comparisons of one
 * check share a budget of edit-distance cells; past it, or past too many candidates, no hint is given.
 */
import { closestName } from '../text/nearName';

/** Candidates of one length band: beyond this many, a two-edit match is rarely unambiguous anyway. */
export const MAX_RENAME_CANDIDATES = 500;
/** Edit-distance cells (length × band) one check may spend on hints: tens of milliseconds on a slow machine. */
export const RENAME_CELL_BUDGET = 2_000_000;
/** The band closestName's capped edit distance computes per character (cap 3 each side, and the diagonal). */
const CELLS_PER_CHARACTER = 7;

export class RenameHints {
  private readonly byLength = new Map<number, string[]>();
  private readonly byLower = new Map<string, string[]>();
  private cells: number;

  constructor(offered: Iterable<string>, budget = RENAME_CELL_BUDGET) {
    this.cells = budget;
    for (const id of offered) {
      push(this.byLength, id.length, id);
      push(this.byLower, id.toLowerCase(), id);
    }
  }

  /** The offered id `missing` most likely became, if one is that close and the budget allows the question. */
  suggest(missing: string): string | undefined {
    const sameButCase = this.byLower.get(missing.toLowerCase());
    if (sameButCase?.length === 1) return sameButCase[0];
    const candidates: string[] = [];
    for (let length = missing.length - 2; length <= missing.length + 2; length++) {
      const band = this.byLength.get(length);
      if (!band) continue;
      if (candidates.length + band.length > MAX_RENAME_CANDIDATES) return undefined;
      candidates.push(...band);
    }
    const cost = candidates.length * (missing.length + 2) * CELLS_PER_CHARACTER;
    if (candidates.length === 0 || cost > this.cells) return undefined;
    this.cells -= cost;
    return closestName(missing, candidates);
  }
}

function push<K>(map: Map<K, string[]>, key: K, id: string): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
