/**
 * The rule catalog: the single source for rule ids, default severities, titles and documentation links.
 * Settings enums, docs/rules.md headings and LSP codeDescription links are all derived from this table.
 * A lint rule's entry is the `meta` of its rule unit (gathered by index.ts); withoutCheck.ts holds the rules that
 * have no rule file: findings lint makes itself, and findings made by check and fetch.
 */
import { LINT_RULES } from './index';
import type { RuleDocs, RuleMeta } from './context';
import { CONFIG_RULES, DOCUMENT_RULES, FINDINGS_LEFT_OUT, INTERNAL_ERROR, PRODUCED_ELSEWHERE } from './withoutCheck';
import type { Severity } from '../types';

export type { AppliesTo, RuleMeta, RuleTag } from './context';

/** The project's home page: SARIF's `informationUri` for the tool. */
export const REPOSITORY_URL = 'https://github.com/a2a-capabilities/a2a-capabilities';

/** Where every rule is documented: the `### <rule-id>` headings of docs/rules.md. */
export const RULE_DOCS_PAGE = `${REPOSITORY_URL}/blob/main/docs/rules.md`;

export function ruleDocsUrl(id: string): string {
  return `${RULE_DOCS_PAGE}#${id}`;
}

/**
 * internal-error keeps its place just before suspicious-text: the catalog order is the SARIF `ruleIndex` of
 * every result and the order of the docs table, and both stay stable for the people comparing them.
 */
function lintRulesWithInternalError(): RuleMeta[] {
  const metas = LINT_RULES.map((r) => r.meta);
  const at = metas.findIndex((m) => m.id === 'suspicious-text');
  return [...metas.slice(0, at), INTERNAL_ERROR.meta, ...metas.slice(at)];
}

export const RULES: readonly RuleMeta[] = [
  ...DOCUMENT_RULES.map((r) => r.meta),
  ...lintRulesWithInternalError(),
  ...PRODUCED_ELSEWHERE.map((r) => r.meta),
  FINDINGS_LEFT_OUT.meta,
  ...CONFIG_RULES.map((r) => r.meta),
];

/** Every rule's docs/rules.md entry, by id (scripts/generate/rulesPage.ts writes the page from them). */
export const RULE_DOCS: ReadonlyMap<string, RuleDocs> = new Map([
  ...[...DOCUMENT_RULES, INTERNAL_ERROR, ...PRODUCED_ELSEWHERE, FINDINGS_LEFT_OUT, ...CONFIG_RULES].map(
    (r) => [r.meta.id, r.docs] as const,
  ),
  ...LINT_RULES.map((r) => [r.meta.id, r.docs] as const),
]);

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function ruleMeta(id: string): RuleMeta | undefined {
  return BY_ID.get(id);
}

export function defaultSeverity(id: string): Severity {
  return BY_ID.get(id)?.defaultSeverity ?? 'warning';
}
