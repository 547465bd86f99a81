/**
 * The project's `ignore` entries applied to lint results (core/config/suppressions.ts decides): per configuration,
 * each file's findings split into those still reported and those suppressed (kept for SARIF, which records them
 * with the reason), and the stale entries reported as findings at the entry in .a2a/config.json.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import type { IgnoreEntry } from '../core/config/ignoreEntries';
import { staleMessage, SuppressionRun } from '../core/config/suppressions';
import { defaultSeverity } from '../core/rules/catalog';
import type { Severity, SeveritySetting } from '../core/types';
import { readTextSync } from '../node/readText';
import { locateFindings } from './ranges';
import type { FileFindings, RangedFinding } from './lint';

export type { IgnoreEntry };

/** The project configuration that applies to a file: where it is and its `ignore` entries. */
export interface FileSuppressions {
  configPath: string;
  entries: readonly IgnoreEntry[];
  /** The run's severities (stale-suppression may be configured like any rule). */
  severities: Readonly<Record<string, SeveritySetting>>;
}

export interface SuppressOptions {
  cwd: string;
  /** YYYY-MM-DD (UTC); default today. */
  today?: string;
  allowProtected: boolean;
}

/** Today's date, UTC, as `until` is written. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Splits each result's findings in place (suppressed ones move to `suppressed`); returns the findings about stale
 * entries, one result per configuration file that has any.
 */
export function applySuppressions(
  results: FileFindings[],
  configOf: (file: string) => FileSuppressions | undefined,
  options: SuppressOptions,
): FileFindings[] {
  const runs = new Map<string, { run: SuppressionRun; config: FileSuppressions }>();
  const today = options.today ?? todayUtc();
  for (const result of results) {
    const config = configOf(result.file);
    if (!config?.entries.length) continue;
    let entry = runs.get(config.configPath);
    if (!entry) {
      const run = new SuppressionRun(config.entries, {
        today,
        allowProtected: options.allowProtected,
        configName: shown(config.configPath, options.cwd),
      });
      runs.set(config.configPath, (entry = { run, config }));
    }
    const root = dirname(dirname(config.configPath));
    const file = relative(root, resolve(options.cwd, result.file)).split(sep).join('/');
    const decision = entry.run.decide(file, result.findings);
    result.findings = decision.kept;
    if (decision.suppressed.length)
      result.suppressed = decision.suppressed.map(({ finding, suppression }) => ({
        ...finding,
        justification: suppression.reason,
      }));
  }
  const stale: FileFindings[] = [];
  for (const { run, config } of runs.values()) {
    const indexes = run.stale();
    const severity = severityOf(config.severities['stale-suppression']);
    if (!indexes.length || severity === undefined) continue;
    stale.push({ file: shown(config.configPath, options.cwd), findings: staleFindings(config, indexes, severity) });
  }
  return stale;
}

/** The findings of stale entries (by their index in `entries`), located in the configuration file's text. */
export function staleFindings(
  config: Pick<FileSuppressions, 'configPath' | 'entries'>,
  indexes: readonly number[],
  severity: Severity,
): RangedFinding[] {
  let text = '';
  try {
    text = readTextSync(config.configPath, 1024 * 1024);
  } catch {
    // Read a moment ago; if it is gone now the findings are placed at the top of the file.
  }
  const findings = indexes.map((i) => ({
    code: 'stale-suppression',
    severity,
    pointer: `/ignore/${i}`,
    message: staleMessage(config.entries[i]!),
  }));
  return locateFindings(text, findings).map((f) => ({
    code: f.code,
    severity: f.severity,
    pointer: f.pointer,
    message: f.message,
    range: { start: f.range.start, end: f.range.end },
  }));
}

/** The severity stale-suppression has under the run's settings; undefined when it is off. */
export function severityOf(setting: SeveritySetting | undefined): Severity | undefined {
  if (setting === 'off') return undefined;
  return setting ?? defaultSeverity('stale-suppression');
}

/** A path as the run names its files: relative to the working directory when beneath it. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') ? rel.split(sep).join('/') : path;
}
