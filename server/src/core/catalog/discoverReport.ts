/**
 * What `discover` reports: every entry it met, with a status, and the findings about the catalogs themselves. The
 * shape is the JSON contract of `a2acap discover --format json`, the library's `discover` and the `a2a_discover`
 * tool. Every string that came from a catalog or a card is untrusted: front ends escape it at their sink.
 */
import type { Severity } from '../types';

/**
 * usable / unusable / invalid: an A2A card compiled for this client (invalid: schema errors); unreachable: its URL
 * (or a nested catalog's) could not be read; catalog: a nested catalog followed; not-followed: a nested catalog left
 * alone (too deep, a cycle); not-fetched: over the run's bounds; listed: an entry of another type, left alone.
 */
export type EntryStatus =
  'usable' | 'unusable' | 'invalid' | 'unreachable' | 'catalog' | 'not-followed' | 'not-fetched' | 'listed';

export interface DiscoveredEntry {
  identifier: string;
  version?: string;
  /** The media type as written (or the A2A card type for a card found at a URL on its own). */
  type: string;
  /** Where the artifact is: its URL, or `inline` for an entry carrying it in `data`. */
  source: string;
  status: EntryStatus;
  /** Why, for every status but usable, catalog and listed. */
  reason?: string;
  /** The catalog that lists the entry (its URL or file); absent for a card found on its own. */
  catalog?: string;
  /** The entry's JSON Pointer in that catalog. */
  pointer?: string;
  /** For a compiled card: its name, description and usable skill ids (untrusted text). */
  name?: string;
  description?: string;
  skills?: string[];
  /** The entry's own displayName and description in the catalog (untrusted text). */
  displayName?: string;
  entryDescription?: string;
}

export interface DiscoverFinding {
  code: string;
  severity: Severity;
  message: string;
  pointer?: string;
  catalog?: string;
  /**
   * For a lint finding about the catalog, whose message may quote the catalog's own text (untrusted): the rule's
   * title, our own words. A planning model's answer shows this and carries the message inside `untrusted`. Not part
   * of the JSON contract.
   */
  ruleTitle?: string;
}

export interface DiscoverReport {
  entries: DiscoveredEntry[];
  findings: DiscoverFinding[];
}

export const LEGACY_CARD_PATH_CODE = 'legacy-card-path';
export const CATALOG_UNREACHABLE_CODE = 'catalog-unreachable';
export const CATALOG_NESTING_TOO_DEEP_CODE = 'catalog-nesting-too-deep';
export const CATALOG_CYCLE_CODE = 'catalog-cycle';
export const DISCOVER_LIMIT_CODE = 'discover-limit-reached';

/** The JSON contract: members in a fixed order, optional ones only when present. */
export function discoverJson(report: DiscoverReport): Record<string, unknown> {
  return {
    entries: report.entries.map((e) => ({
      identifier: e.identifier,
      ...(e.version !== undefined ? { version: e.version } : {}),
      type: e.type,
      source: e.source,
      status: e.status,
      ...(e.reason !== undefined ? { reason: e.reason } : {}),
      ...(e.catalog !== undefined ? { catalog: e.catalog } : {}),
      ...(e.pointer !== undefined ? { pointer: e.pointer } : {}),
      ...(e.displayName !== undefined ? { displayName: e.displayName } : {}),
      ...(e.entryDescription !== undefined ? { entryDescription: e.entryDescription } : {}),
      ...(e.name !== undefined ? { name: e.name } : {}),
      ...(e.description !== undefined ? { description: e.description } : {}),
      ...(e.skills !== undefined ? { skills: e.skills } : {}),
    })),
    findings: report.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      ...(f.pointer !== undefined ? { pointer: f.pointer } : {}),
      ...(f.catalog !== undefined ? { catalog: f.catalog } : {}),
    })),
  };
}

const RANK: Record<Severity, number> = { hint: 0, info: 1, warning: 2, error: 3 };

/** Whether a finding is at least as severe as `threshold` (the --fail-on test). */
export function reaches(finding: Pick<DiscoverFinding, 'severity'>, threshold: Severity): boolean {
  return RANK[finding.severity] >= RANK[threshold];
}
