/**
 * Lint of one document under a project configuration's `policies` and `ignore` entries, for the library (the CLI
 * runs them over many files: app/lint.ts, app/suppress.ts). The configuration is the JSON value of a
 * .a2a/config.json; the file is named relative to the repository root, as `ignore` entries name it.
 */
import { readProjectConfig } from '../core/config/projectConfig';
import { SuppressionRun } from '../core/config/suppressions';
import { cardPolicyFindings } from './policies';
import { locateFindings } from './ranges';
import { lintText, type LintTextRequest, type LintTextResult } from './lint';
import { resolveSettings } from '../core/lint';
import { todayUtc } from './suppress';

export interface ProjectLintOptions {
  /** The JSON value of a .a2a/config.json; an invalid one throws, with the message naming the member. */
  project: unknown;
  /** Let the configuration suppress the reader-protecting rules (as --allow-repo-rule-overrides). */
  allowRepoRuleOverrides?: boolean;
  /** YYYY-MM-DD (UTC); default today. */
  today?: string;
}

export type ProjectLintResult = LintTextResult & { suppressed: number };

export function lintTextInProject(request: LintTextRequest, options: ProjectLintOptions): ProjectLintResult {
  const read = readProjectConfig(options.project);
  if (!read.ok) throw new TypeError(`not a valid project configuration: ${read.message}`);
  const result = lintText(request);
  const { policies = [], ignore = [] } = read.config;
  let findings = result.findings;
  if (policies.length && result.kind === 'card' && result.value !== undefined) {
    const client = resolveSettings(request.settings ?? {}).client;
    findings = [...findings, ...locateFindings(request.text, cardPolicyFindings(policies, result.value, client))];
  }
  if (!ignore.length) return { ...result, findings, suppressed: 0 };
  const run = new SuppressionRun(ignore, {
    today: options.today ?? todayUtc(),
    allowProtected: options.allowRepoRuleOverrides === true,
    configName: '.a2a/config.json',
  });
  const decision = run.decide((request.fileName ?? '').replace(/\\/g, '/').replace(/^\.\//, ''), findings);
  return { ...result, findings: decision.kept, suppressed: decision.suppressed.length };
}
