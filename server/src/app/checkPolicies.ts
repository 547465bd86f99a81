/**
 * The project's policies in the check workflow: each checked lockfile's card (the one it was checked against,
 * compiled for the lockfile's client) is run through the policies of the lockfile's project configuration, and
 * each violation becomes a problem of the lockfile (core/check/policyProblems.ts). The configuration's `ignore`
 * entries for a policy id whose `file` matches the lockfile accept that problem (kept apart, with the reason).
 * Entries are not judged stale here: lint judges them over the files they were written for.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import { SuppressionRun } from '../core/config/suppressions';
import { policyCheckItem, withPolicyItems } from '../core/check/policyProblems';
import type { RefreshOutcome } from '../core/check/types';
import type { CheckItem, CheckResult, ClientConfig, Finding, SuppressedCheckItem } from '../core/types';
import { cardPolicyFindings, type PolicyEntry } from './policies';
import type { IgnoreEntry } from './suppress';
import { todayUtc } from './suppress';

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
}

/** The outcomes with the policy problems of their cards added (unchanged when there are no policies). */
export function withPolicyProblems(
  outcomes: readonly RefreshOutcome[],
  config: CheckPolicies,
  options: CheckPolicyOptions,
): RefreshOutcome[] {
  if (!config.policies.length) return [...outcomes];
  const run =
    config.configPath !== undefined
      ? policySuppressions(config, shown(config.configPath, options.cwd), options.today)
      : undefined;
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

/** The run of the `ignore` entries that name a policy (none: undefined). */
export function policySuppressions(
  config: Pick<CheckPolicies, 'policies' | 'ignore'>,
  configName: string,
  today: string = todayUtc(),
): SuppressionRun | undefined {
  const ids = new Set(config.policies.map((p) => p.id));
  const entries = config.ignore.filter((e) => ids.has(e.rule));
  return entries.length ? new SuppressionRun(entries, { today, allowProtected: false, configName }) : undefined;
}

/** A lockfile's result with its card's policy findings added as problems, those `run` accepts for `file` apart. */
export function judgedResult(
  result: CheckResult,
  findings: readonly Finding[],
  run: SuppressionRun | undefined,
  file: string,
): CheckResult {
  if (!findings.length) return result;
  const items = findings.map((f) => ({ code: f.code, ...policyCheckItem(f) }));
  if (!run) return withPolicyItems(result, items.map(asItem));
  const decision = run.decide(file, items);
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
