/**
 * The lint workflow: a document's text (or a file) and its settings in, its findings with ranges out, and the
 * machine reports (JSON, SARIF, Code Quality) and the baseline made of them. The front ends only read their input
 * (argv, an editor's settings, a library call's options) into a request and write the result out.
 */
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { baselineKey, parseBaseline, serializeBaseline, type BaselineEntry } from '../core/report/baseline';
import { buildCodeQuality } from '../core/report/codequality';
import { githubAnnotations } from '../core/report/githubAnnotations';
import { restrictedRules } from '../core/config/restrictedRules';
import { ioReason } from '../core/text/ioReason';
import { kindFromName, lintDocument, resolveCardSettings, resolveSettings, tooLargeResult } from '../core/lint';
import { machineJson } from '../core/report/machineJson';
import { RULES } from '../core/rules/catalog';
import { parseRuleFlags, parseRuleObject } from '../core/rules/severityOverrides';
import { buildSarif, type SarifEntry } from '../core/report/sarif';
import type {
  CardSettings,
  CardSettingsInput,
  ClientConfig,
  DocumentKind,
  LintSettings,
  Severity,
  SeveritySetting,
} from '../core/types';
import { readProjectConfigFile } from '../node/projectConfig';
import { locateFindings, type FindingRange, type LocatedFinding } from './ranges';
import { cardPolicyFindings, type PolicyEntry } from './policies';
import type { Files } from './files';

export { baselineKey, parseBaseline, serializeBaseline, parseRuleFlags, parseRuleObject, resolveCardSettings };
export type { BaselineEntry, LocatedFinding, FindingRange };

export interface LintTextRequest {
  text: string;
  fileName?: string;
  kind?: DocumentKind;
  settings?: Partial<LintSettings>;
  /** The URL the text was fetched from (a catalog's own address, for the rules that compare its host). */
  source?: string;
}

export interface LintTextResult {
  kind: DocumentKind | 'unknown';
  value: unknown;
  tooLarge: boolean;
  /** In the rules' order, each with its range in the text (located once for the whole document). */
  findings: LocatedFinding[];
}

/** Lints a document's text: the findings, each with the range it covers. Never throws on bad input. */
export function lintText(request: LintTextRequest): LintTextResult {
  const result = lintDocument(request.text, {
    fileName: request.fileName,
    kind: request.kind,
    settings: request.settings,
    ...(request.source !== undefined ? { source: request.source } : {}),
  });
  return {
    kind: result.kind,
    value: result.value,
    tooLarge: result.tooLarge,
    findings: locateFindings(request.text, result.findings),
  };
}

/** What a project and a run set between them, for one file. */
export interface LintProject {
  rules: Readonly<Record<string, SeveritySetting>>;
  maxBytes: number;
  client: ClientConfig;
  card: CardSettings;
}

/**
 * The settings a file is linted with: the project's severities (held at the reader-protecting floor unless the run
 * allows the repository to lower them), then the run's own overrides (which may lower anything).
 */
export function lintSettingsFor(
  project: LintProject,
  overrides: Readonly<Record<string, SeveritySetting>>,
  allowRepoRuleOverrides: boolean,
): LintSettings {
  const repoRules = allowRepoRuleOverrides ? project.rules : restrictedRules(project.rules);
  return resolveSettings({
    severities: { ...repoRules, ...overrides },
    maxCardBytes: project.maxBytes,
    client: project.client,
    card: project.card,
  });
}

/** A file's findings with zero-based ranges (the CLI's JSON contract), sorted by position then severity. */
export interface FileFindings {
  file: string;
  findings: RangedFinding[];
  /** Findings accepted by the project's `ignore` entries (app/suppress.ts): only SARIF shows them, as suppressed. */
  suppressed?: SuppressedFinding[];
}

export type SuppressedFinding = RangedFinding & { justification: string };

export interface RangedFinding {
  code: string;
  severity: Severity;
  pointer: string;
  message: string;
  range: Pick<FindingRange, 'start' | 'end'>;
}

export type FileLint = FileFindings | { file: string; error: string };

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

/**
 * Lints one file, named `file` (as given) at `path`: an I/O problem becomes a one-line reason, never an exception.
 * A project configuration (.a2a/config.json) is checked as one: no findings when valid, why when not. A card is
 * also checked against the project's `policies`.
 */
export async function lintFile(
  files: Files,
  file: string,
  path: string,
  settings: LintSettings,
  policies: readonly PolicyEntry[] = [],
): Promise<FileLint> {
  if (basename(path) === 'config.json' && basename(dirname(path)) === '.a2a') return lintProjectConfig(file, path);
  let text = '';
  let findings: LocatedFinding[];
  try {
    const info = await files.stat(path);
    if (info.isDirectory()) return { file, error: 'is a directory, not a file' };
    // Devices and pipes (/dev/zero, a FIFO) have no size and may never end: reading them could hang.
    if (!info.isFile()) return { file, error: 'is not a regular file' };
    if (info.size > settings.maxCardBytes) {
      // The file's size is its UTF-8 byte count: never read a file that is over the limit.
      findings = locateFindings(text, tooLargeResult(info.size, settings, kindFromName(file)).findings);
    } else {
      text = new TextDecoder('utf-8', { fatal: false }).decode(await files.readBytes(path));
      const linted = lintText({ text, fileName: file, settings });
      findings = linted.findings;
      if (policies.length && linted.kind === 'card' && linted.value !== undefined)
        findings.push(...locateFindings(text, cardPolicyFindings(policies, linted.value, settings.client)));
    }
  } catch (err) {
    return { file, error: `cannot read it (${ioReason(err)})` };
  }
  const ranged = findings.map((f): RangedFinding => ({
    code: f.code,
    severity: f.severity,
    pointer: f.pointer,
    message: f.message,
    range: { start: f.range.start, end: f.range.end },
  }));
  ranged.sort(
    (a, b) =>
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
  return { file, findings: ranged };
}

function lintProjectConfig(file: string, path: string): FileLint {
  try {
    readProjectConfigFile(path);
    return { file, findings: [] };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { file, error: message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message };
  }
}

/** The baseline's name for a file: relative to the working directory, forward slashes (the same on every OS). */
export function baselineFile(file: string, cwd: string): string {
  return relative(cwd, resolve(cwd, file)).split(sep).join('/');
}

/** Drops the accepted findings in place; returns how many. */
export function applyBaseline(results: FileFindings[], keys: ReadonlySet<string>, cwd: string): number {
  let dropped = 0;
  for (const r of results) {
    const file = baselineFile(r.file, cwd);
    const kept = r.findings.filter((f) => !keys.has(baselineKey({ file, code: f.code, pointer: f.pointer })));
    dropped += r.findings.length - kept.length;
    r.findings = kept;
  }
  return dropped;
}

/** The baseline entries of these results (for --write-baseline). */
export function baselineEntries(results: readonly FileFindings[], cwd: string): BaselineEntry[] {
  return results.flatMap(({ file, findings }) =>
    findings.map((f) => ({ file: baselineFile(file, cwd), code: f.code, pointer: f.pointer })),
  );
}

export type MachineLintFormat = 'json' | 'sarif' | 'codequality' | 'github';

/**
 * A machine report of the results, as `a2acap lint --format` writes it. Code Quality and GitHub annotations name
 * files relative to `cwd` (GitLab and GitHub link each to a file of the repository, whatever the user typed).
 */
export function lintReport(
  results: readonly FileFindings[],
  format: MachineLintFormat,
  version: string,
  cwd: string,
): string {
  if (format === 'json') {
    const findings = results.flatMap(({ file, findings: fs }) => fs.map((f) => ({ file, ...f })));
    const suppressed = suppressedCount(results);
    return machineJson(suppressed ? { findings, suppressed } : { findings }, 2) + '\n';
  }
  if (format === 'sarif')
    return machineJson(buildSarif([...sarifEntries(results), ...suppressedEntries(results)], RULES, version), 2) + '\n';
  const relativeResults = results.map((r) => ({ ...r, file: relative(cwd, resolve(cwd, r.file)) || r.file }));
  if (format === 'github')
    return githubAnnotations(sarifEntries(relativeResults)) + `a2acap lint: ${lintSummary(results)}\n`;
  return machineJson(buildCodeQuality(sarifEntries(relativeResults)), 2) + '\n';
}

/** "2 errors, 1 warning, 0 other findings in 3 files": the last line of the GitHub report. */
function lintSummary(results: readonly FileFindings[]): string {
  const findings = results.flatMap((r) => r.findings);
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const suppressed = suppressedCount(results);
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(findings.length - errors - warnings, 'other finding')} in ${plural(results.length, 'file')}${suppressed ? ` (${suppressed} suppressed)` : ''}`;
}

/** How many findings the project's `ignore` entries accepted. */
export function suppressedCount(results: readonly FileFindings[]): number {
  return results.reduce((n, r) => n + (r.suppressed?.length ?? 0), 0);
}

/** The suppressed findings as SARIF results that say so (kind external, the entry's reason as justification). */
function suppressedEntries(results: readonly FileFindings[]): SarifEntry[] {
  return results.flatMap(({ file, suppressed }) =>
    (suppressed ?? []).map((f) => ({
      ruleId: f.code,
      severity: f.severity,
      message: f.message,
      file,
      pointer: f.pointer,
      range: f.range,
      suppression: { justification: f.justification },
    })),
  );
}

function sarifEntries(results: readonly FileFindings[]): SarifEntry[] {
  return results.flatMap(({ file, findings }) =>
    findings.map((f) => ({
      ruleId: f.code,
      severity: f.severity,
      message: f.message,
      file,
      pointer: f.pointer,
      range: f.range,
    })),
  );
}

export type { CardSettingsInput };
