/**
 * The one GitLab Code Quality report builder, for `a2acap lint --format codequality` and `a2acap check --format
 * codequality` (check/report/codequality.ts). GitLab reads the report from a job's `artifacts:reports:codequality`
 * and shows each issue in the merge request. Its documented fields (a subset of Code Climate's issue format):
 * `description`, `check_name`, `fingerprint`, `severity` (info|minor|major|critical|blocker), `location.path`
 * (relative to the repository) and `location.lines.begin`.
 * - The fingerprint is SARIF's (rule, file, pointer; core/report/sarif.ts): GitLab matches issues between the source and
 *   target branches by it, so it must not depend on line numbers or wording, or every moved line would read as a
 *   fixed issue plus a new one.
 * - The description is card or agent text put into a web page: control, invisible and bidi characters are shown
 *   escaped, never passed through.
 */
import { escapeControls } from '../text/untrustedText';
import { fingerprints, type SarifEntry } from './sarif';
import type { Severity } from '../types';

export type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

export interface CodeQualityIssue {
  type: 'issue';
  check_name: string;
  description: string;
  fingerprint: string;
  severity: CodeQualitySeverity;
  location: { path: string; lines: { begin: number; end: number } };
}

/** An error fails the pipeline's gate, so it is GitLab's "major"; critical/blocker are left for the team's own tools. */
const SEVERITY: Record<Severity, CodeQualitySeverity> = {
  error: 'major',
  warning: 'minor',
  info: 'info',
  hint: 'info',
};

/** A path as GitLab links it: '/'-separated and without a leading './' (it is relative to the repository root). */
export function codeQualityPath(file: string): string {
  return file.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

export function buildCodeQuality(entries: readonly SarifEntry[]): CodeQualityIssue[] {
  const prints = fingerprints(entries);
  return entries.map((e, i) => ({
    type: 'issue',
    check_name: e.ruleId,
    description: escapeControls(e.message),
    fingerprint: prints[i] ?? '',
    severity: SEVERITY[e.severity],
    // The whole file (no known place) is its first line: `lines.begin` is required.
    location: {
      path: codeQualityPath(e.file),
      lines: { begin: (e.range?.start.line ?? 0) + 1, end: (e.range?.end.line ?? 0) + 1 },
    },
  }));
}
