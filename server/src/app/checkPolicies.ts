/**
 * The project's policies in the check workflow: each checked lockfile's card (the one it was checked against,
 * compiled for the lockfile's client) is run through the policies of the lockfile's project configuration, and
 * each violation becomes a problem of the lockfile (core/check/policyProblems.ts). The configuration's `ignore`
 * entries for a policy id whose `file` matches the lockfile accept that problem (kept apart, with the reason).
 *
 * Where staleness is decided: an entry for a policy id whose `file` covers a lockfile the run checked and that
 * accepted none of its problems is stale (core/config/suppressions.ts keeps the count over the run; `stale` below
 * reports it at the entry). Entries for rule ids are lint's to judge, over the cards they were written for; a
 * lockfile that could not be checked judges nothing.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { SuppressionRun } from '../core/config/suppressions';
import type { StaleSuppression } from '../core/check/staleSuppression';
import { policyCheckItem, withPolicyItems } from '../core/check/policyProblems';
import type { RefreshOutcome } from '../core/check/types';
import type { CheckItem, CheckResult, ClientConfig, Finding, SuppressedCheckItem } from '../core/types';
import { cardPolicyFindings, type PolicyEntry } from './policies';
import type { IgnoreEntry } from './suppress';
import { severityOf, staleFindings, todayUtc } from './suppress';
import type { Severity, SeveritySetting } from '../core/types';

export interface CheckPolicies {
  policies: readonly PolicyEntry[];
  ignore: readonly IgnoreEntry[];
  /** The configuration file they come from (its folder's parent is the root `ignore` globs are relative to). */
  configPath?: string;
  client: ClientConfig;
}

export interface CheckPolicyOptions {
  cwd: string;
  /** YYYY-MM-DD (UTC); default today. */
  today?: string;
  /** Keeps the run of each configuration's entries over every call, so `staleSuppressions` can judge them after. */
  ledger?: SuppressionLedger;
}

/** The `ignore` runs of one check, by configuration file. */
export type SuppressionLedger = Map<string, { run: SuppressionRun; config: CheckPolicies; severity?: Severity }>;

/** The outcomes with the policy problems of their cards added (unchanged when there are no policies). */
export function withPolicyProblems(
  outcomes: readonly RefreshOutcome[],
  config: CheckPolicies,
  options: CheckPolicyOptions,
): RefreshOutcome[] {
  if (!config.policies.length) return [...outcomes];
  const run = config.configPath !== undefined ? runFor(config, config.configPath, options) : undefined;
  // Lockfiles pinning one agent share its card: its policies are evaluated once.
  const findingsOf = new Map<unknown, Finding[]>();
  return outcomes.map((o) => {
    if (o.status !== 'checked' || o.entryGone) return o;
    let findings = findingsOf.get(o.loaded.card);
    if (!findings)
      findingsOf.set(o.loaded.card, (findings = cardPolicyFindings(config.policies, o.loaded.card, config.client)));
    const file = run ? relative(dirname(dirname(config.configPath!)), resolve(options.cwd, o.lockfile)) : '';
    return { ...o, result: judgedResult(o.result, findings, run, file.split(sep).join('/')) };
  });
}

function runFor(config: CheckPolicies, configPath: string, options: CheckPolicyOptions): SuppressionRun | undefined {
  const kept = options.ledger?.get(configPath);
  if (kept) return kept.run;
  const run = policySuppressions(config, shown(configPath, options.cwd), options.today);
  if (run) options.ledger?.set(configPath, { run, config });
  return run;
}

/**
 * The entries of the ledger's runs that covered a checked lockfile and accepted none of its problems, at the entry
 * in their configuration file; `rules` gives each configuration's severity of stale-suppression ('off': none).
 */
export function staleSuppressions(
  ledger: SuppressionLedger,
  cwd: string,
  rulesOf: (configPath: string) => Readonly<Record<string, SeveritySetting>> = () => ({}),
): StaleSuppression[] {
  const out: StaleSuppression[] = [];
  for (const [configPath, { run, config }] of ledger) {
    const severity = severityOf(rulesOf(configPath)['stale-suppression']);
    const named = policyEntries(config);
    const indexes = run.stale().map((i) => named[i]!.index);
    if (!indexes.length || severity === undefined) continue;
    const file = shown(configPath, cwd);
    for (const f of staleFindings({ configPath, entries: config.ignore }, indexes, severity))
      out.push({ file, pointer: f.pointer, severity, message: f.message, range: f.range });
  }
  return out;
}

/** The entries that name a policy, with their index in `ignore`. */
function policyEntries(config: Pick<CheckPolicies, 'policies' | 'ignore'>): { entry: IgnoreEntry; index: number }[] {
  const ids = new Set(config.policies.map((p) => p.id));
  return config.ignore.flatMap((entry, index) => (ids.has(entry.rule) ? [{ entry, index }] : []));
}

/** The run of the `ignore` entries that name a policy (none: undefined). */
export function policySuppressions(
  config: Pick<CheckPolicies, 'policies' | 'ignore'>,
  configName: string,
  today: string = todayUtc(),
): SuppressionRun | undefined {
  const entries = policyEntries(config).map(({ entry }) => entry);
  return entries.length ? new SuppressionRun(entries, { today, allowProtected: false, configName }) : undefined;
}

/** A lockfile's result with its card's policy findings added as problems, those `run` accepts for `file` apart. */
export function judgedResult(
  result: CheckResult,
  findings: readonly Finding[],
  run: SuppressionRun | undefined,
  file: string,
): CheckResult {
  // A lockfile whose card complies is still covered by the entries for its file: one of them may be stale.
  const items = findings.map((f) => ({ code: f.code, ...policyCheckItem(f) }));
  if (!run) return withPolicyItems(result, items.map(asItem));
  const decision = run.decide(file, items);
  if (!findings.length) return result;
  const suppressed: SuppressedCheckItem[] = decision.suppressed.map(({ finding, suppression }) => ({
    ...asItem(finding),
    justification: suppression.reason,
  }));
  return withPolicyItems(result, decision.kept.map(asItem), suppressed);
}

function asItem(item: CheckItem & { code: string }): CheckItem {
  return { level: item.level, pointer: item.pointer, message: item.message };
}

/** A path as the run names its files: relative to the working directory when beneath it. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') ? rel.split(sep).join('/') : path;
}
