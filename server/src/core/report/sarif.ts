/**
 * The one SARIF 2.1.0 builder, for `a2acap lint --format sarif` (card and lockfile findings) and
 * `a2acap check --format sarif` (lockfile check results; check/report/sarif.ts). GitHub code scanning and the
 * VS Code SARIF viewer read it. Every result is placed the same way:
 * - physicalLocation: the file (a relative, '/'-separated, percent-encoded URI) and, when the place is known,
 *   a 1-based region (SARIF's default column unit is UTF-16 code units, as LSP's `character`);
 * - logicalLocations[0].fullyQualifiedName: the JSON Pointer of the member the result is about (none for the
 *   whole document: the root pointer is empty, and "/" would name the member called "").
 * Rules carry the catalog's metadata (rules/catalog.ts): id, title, docs/rules.md link, default level.
 * Each result has a stable fingerprint (partialFingerprints[FINGERPRINT]) made of its rule, file and pointer, not of
 * its line or message: code scanning keeps tracking (and a reviewer's dismissal keeps applying to) the same
 * problem when lines move or a message's wording or numbers change.
 */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { sha256Hex } from '../bytes/hash';
import { REPOSITORY_URL, ruleDocsUrl, type RuleMeta } from '../rules/catalog';
import type { Position } from '../pointer/range';
import type { JsonPointer, Severity } from '../types';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface SarifEntry {
  ruleId: string;
  severity: Severity;
  message: string;
  /** The file as shown to the user (relative to the working directory). */
  file: string;
  pointer: JsonPointer;
  /** Zero-based, LSP-style; absent when the member cannot be located (the result is then on the whole file). */
  range?: { start: Position; end: Position };
  /** A problem the run accepted (core/check/acceptance.ts): marked on the result by `withAcceptance`. */
  acceptance?: { approvedBy?: string; preexisting?: boolean };
  /** Accepted by an `ignore` entry of the project configuration: the result says so, with the entry's reason. */
  suppression?: { justification: string };
}

/** The partialFingerprints key; the suffix is the scheme's version (a change of scheme gets a new key). */
export const FINGERPRINT = 'a2acap/rule-file-pointer/v1';

export function sarifLevel(severity: Severity): Result.level {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

/** A relative path as a URI reference: '/' separators, no leading './', and '%', ' ', '#', '?' … escaped. */
export function artifactUri(file: string): string {
  return encodeURI(file.replace(/\\/g, '/').replace(/^(\.\/)+/, '')).replace(/[#?]/g, (c) => encodeURIComponent(c));
}

function descriptor(rule: RuleMeta): ReportingDescriptor {
  return {
    id: rule.id,
    name: rule.id,
    shortDescription: { text: rule.title },
    helpUri: ruleDocsUrl(rule.id),
    defaultConfiguration: { level: sarifLevel(rule.defaultSeverity) },
  };
}

function result(entry: SarifEntry, ruleIndex: number | undefined, fingerprint: string): Result {
  const r = entry.range;
  const out: Result = {
    ruleId: entry.ruleId,
    level: sarifLevel(entry.severity),
    message: { text: entry.message },
    partialFingerprints: { [FINGERPRINT]: fingerprint },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: artifactUri(entry.file) },
          ...(r
            ? {
                region: {
                  startLine: r.start.line + 1,
                  startColumn: r.start.character + 1,
                  endLine: r.end.line + 1,
                  endColumn: r.end.character + 1,
                },
              }
            : {}),
        },
        ...(entry.pointer ? { logicalLocations: [{ fullyQualifiedName: entry.pointer, kind: 'member' }] } : {}),
      },
    ],
  };
  if (ruleIndex !== undefined) out.ruleIndex = ruleIndex;
  if (entry.suppression) out.suppressions = externalSuppressions(entry.suppression.justification);
  return out;
}

/**
 * An accepted problem keeps its level (it is still what changed) and says why it passes: `baselineState`
 * "unchanged" when it was already there at the base revision (check --since), and the property `approved` with
 * what approved it (check --approved-by, the Action's approval label).
 */
function withAcceptance(out: Result, entry: SarifEntry): Result {
  const a = entry.acceptance;
  if (!a) return out;
  if (a.preexisting) out.baselineState = 'unchanged';
  if (a.approvedBy !== undefined) out.properties = { ...out.properties, approved: true, approvedBy: a.approvedBy };
  return out;
}

/**
 * A finding accepted outside the source (an `ignore` entry of .a2a/config.json): SARIF's kind "external", so code
 * scanning shows it as dismissed with the reason, not as an open alert.
 */
function externalSuppressions(justification: string): Result['suppressions'] {
  return [{ kind: 'external', status: 'accepted', justification }];
}

/**
 * sha256 of rule, file and pointer (shared with the Code Quality report, core/report/codequality.ts); the n-th repeat of the same triple in one run gets "#n" in the hash, so
 * fingerprints stay unique within a run and stable across runs (results come in a deterministic order).
 */
export function fingerprints(entries: readonly SarifEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const key = `${e.ruleId}\u0000${e.file}\u0000${e.pointer}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return sha256Hex(n === 0 ? key : `${key}#${n}`);
  });
}

export function buildSarif(entries: readonly SarifEntry[], rules: readonly RuleMeta[], toolVersion = '0.1.0'): Log {
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  const prints = fingerprints(entries);
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'a2acap',
            version: toolVersion,
            informationUri: REPOSITORY_URL,
            rules: rules.map(descriptor),
          },
        },
        results: entries.map((e, i) => withAcceptance(result(e, index.get(e.ruleId), prints[i] ?? ''), e)),
      },
    ],
  };
}
