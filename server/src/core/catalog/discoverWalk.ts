/**
 * The bookkeeping of a discovery walk: whether a nested catalog is followed (depth, cycles, already seen), the
 * run's bounds on fetches and entries, and the findings for what was left. Decisions only; the workflow
 * (app/discover.ts) does the fetching.
 */
import { MAX_CATALOG_DEPTH } from './model';
import {
  CATALOG_CYCLE_CODE,
  CATALOG_NESTING_TOO_DEEP_CODE,
  DISCOVER_LIMIT_CODE,
  type DiscoverFinding,
} from './discoverReport';

/** The run's bounds: a catalog of 10,000 entries is reported, not fetched 10,000 times. */
export interface DiscoverLimits {
  /** Entries reported in one run (all catalogs together). */
  maxEntries: number;
  /** HTTP fetches (catalogs and cards) in one run; each URL counts once. */
  maxFetches: number;
  /** Cards linted and compiled in one run (fetched and inline). */
  maxCards: number;
  /** Fetches in flight at once. */
  concurrency: number;
}

export const DEFAULT_DISCOVER_LIMITS: DiscoverLimits = {
  maxEntries: 10_000,
  maxFetches: 100,
  maxCards: 200,
  concurrency: 4,
};

/** A nested catalog's place in the walk: its depth (the root catalog is 0) and the catalog URLs above it. */
export interface CatalogTrail {
  depth: number;
  /** URLs of the catalogs from the root down to this one (inline catalogs have none). */
  ancestors: readonly string[];
}

export type NestedDecision =
  { follow: true; trail: CatalogTrail } | { follow: false; why: 'too-deep' | 'cycle' | 'seen' };

/**
 * Whether the catalog an entry of `parent` names (by `url`, or inline when undefined) is followed. A URL among the
 * ancestors is a cycle; a URL followed elsewhere in the walk (`seen`) is not followed twice, its entries are
 * reported once.
 */
export function nestedDecision(
  parent: CatalogTrail,
  url: string | undefined,
  seen: ReadonlySet<string>,
): NestedDecision {
  if (url !== undefined && parent.ancestors.includes(url)) return { follow: false, why: 'cycle' };
  if (parent.depth + 1 > MAX_CATALOG_DEPTH) return { follow: false, why: 'too-deep' };
  if (url !== undefined && seen.has(url)) return { follow: false, why: 'seen' };
  return {
    follow: true,
    trail: { depth: parent.depth + 1, ancestors: url !== undefined ? [...parent.ancestors, url] : parent.ancestors },
  };
}

/** The finding for a nested catalog not followed because of its depth or a cycle. */
export function notFollowedFinding(
  why: 'too-deep' | 'cycle',
  at: { catalog: string; pointer: string; url?: string },
): DiscoverFinding {
  if (why === 'cycle')
    return {
      code: CATALOG_CYCLE_CODE,
      severity: 'warning',
      message: `the nested catalog ${at.url ?? ''} is one of the catalogs that lead to it (a cycle); not followed again`,
      pointer: at.pointer,
      catalog: at.catalog,
    };
  return {
    code: CATALOG_NESTING_TOO_DEEP_CODE,
    severity: 'warning',
    message: `the nested catalog is deeper than ${MAX_CATALOG_DEPTH} levels; not followed`,
    pointer: at.pointer,
    catalog: at.catalog,
  };
}

/** A counter of one bounded resource: takes one while any are left, and counts what it had to refuse. */
export class Allowance {
  private used = 0;
  private refused = 0;

  constructor(readonly limit: number) {}

  take(): boolean {
    if (this.used < this.limit) {
      this.used += 1;
      return true;
    }
    this.refused += 1;
    return false;
  }

  get left(): number {
    return this.refused;
  }
}

/** The findings for bounds reached in a run: how much was left, and the bound that left it. */
export function limitFindings(
  left: { entries: number; fetches: number; cards: number },
  limits: DiscoverLimits,
): DiscoverFinding[] {
  const lines = [
    left.entries > 0 && `${left.entries} entries were left out: a run reports at most ${limits.maxEntries}`,
    left.fetches > 0 && `${left.fetches} URLs were not fetched: a run fetches at most ${limits.maxFetches}`,
    left.cards > 0 && `${left.cards} cards were not compiled: a run compiles at most ${limits.maxCards}`,
  ];
  return lines
    .filter((line): line is string => typeof line === 'string')
    .map((message) => ({ code: DISCOVER_LIMIT_CODE, severity: 'warning', message }));
}
