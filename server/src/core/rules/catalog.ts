/**
 * The rule catalog: the single source for rule ids, default severities, titles and documentation links.
 * Settings enums, docs/rules.md headings and LSP codeDescription links are all derived from this table.
 * A lint rule's entry is the `meta` its own file exports (gathered by index.ts); the small tables below hold
 * the rules that have no rule file: findings lint makes itself, and findings made by check and fetch.
 */
import { LINT_RULES } from './index';
import type { AppliesTo, RuleMeta } from './context';
import type { Severity } from '../types';

export type { AppliesTo, RuleMeta, RuleTag } from './context';

/** The project's home page: SARIF's `informationUri` for the tool. */
export const REPOSITORY_URL = 'https://github.com/a2a-capabilities/a2a-capabilities';

/** Where every rule is documented: the `### <rule-id>` headings of docs/rules.md. */
export const RULE_DOCS_PAGE = `${REPOSITORY_URL}/blob/main/docs/rules.md`;

export function ruleDocsUrl(id: string): string {
  return `${RULE_DOCS_PAGE}#${id}`;
}

const both: AppliesTo[] = ['card', 'lockfile'];
const lock: AppliesTo[] = ['lockfile'];

/** Findings lint makes about the whole document before any rule runs. */
const DOCUMENT_RULES: readonly RuleMeta[] = [
  { id: 'invalid-json', defaultSeverity: 'error', title: 'The file is not valid JSON', appliesTo: both },
  {
    id: 'schema',
    defaultSeverity: 'error',
    title: 'The document violates the A2A 1.0 card (or lockfile) schema',
    appliesTo: both,
  },
  {
    id: 'card-too-large',
    defaultSeverity: 'error',
    title: 'The card is larger than the configured limit',
    appliesTo: both,
  },
  {
    id: 'not-an-agent-card',
    defaultSeverity: 'error',
    title: 'The JSON is not an agent card or a lockfile',
    appliesTo: both,
  },
];

/** What lint reports in place of a rule's findings when that rule throws. */
const INTERNAL_ERROR: RuleMeta = {
  id: 'internal-error',
  defaultSeverity: 'error',
  title: 'A rule failed on this document, so its findings are missing',
  appliesTo: both,
};

/** Findings made outside lint, with these ids as their codes. */
const PRODUCED_ELSEWHERE: readonly RuleMeta[] = [
  {
    id: 'signature-required',
    defaultSeverity: 'error',
    title: 'Signed cards are required and this card is not verified',
    appliesTo: ['card'],
    producedBy: 'fetch',
  },
  {
    id: 'signature-invalid',
    defaultSeverity: 'error',
    title: "The card's signature does not match the card for a trusted key",
    appliesTo: ['card'],
    producedBy: 'fetch',
  },
  // The lockfile checked against the card it pins (a workspace card or the live card fetched this session).
  {
    id: 'lockfile-breaking',
    defaultSeverity: 'error',
    title: 'The card it pins no longer offers what the lockfile requires',
    appliesTo: lock,
    producedBy: 'check',
  },
  {
    id: 'lockfile-review',
    defaultSeverity: 'warning',
    title: 'The card it pins changed in a way a person should review',
    appliesTo: lock,
    producedBy: 'check',
  },
  {
    id: 'lockfile-note',
    defaultSeverity: 'info',
    title: 'The card it pins changed harmlessly (description, digest, version)',
    appliesTo: lock,
    producedBy: 'check',
  },
  {
    id: 'lockfile-error',
    defaultSeverity: 'error',
    title: 'The lockfile could not be checked (unreadable or corrupt lockfile, unreachable agent, invalid card)',
    appliesTo: lock,
    producedBy: 'check',
  },
];

/**
 * internal-error keeps its place just before suspicious-text: the catalog order is the SARIF `ruleIndex` of
 * every result and the order of the docs table, and both stay stable for the people comparing them.
 */
function lintRulesWithInternalError(): RuleMeta[] {
  const metas = LINT_RULES.map((r) => r.meta);
  const at = metas.findIndex((m) => m.id === 'suspicious-text');
  return [...metas.slice(0, at), INTERNAL_ERROR, ...metas.slice(at)];
}

/** What lint reports in place of the findings past its caps (findingCap.ts); last, so no ruleIndex moves. */
const FINDINGS_LEFT_OUT: RuleMeta = {
  id: 'findings-left-out',
  defaultSeverity: 'warning',
  title: 'More findings than lint reports: how many each rule left out',
  appliesTo: both,
};

export const RULES: readonly RuleMeta[] = [
  ...DOCUMENT_RULES,
  ...lintRulesWithInternalError(),
  ...PRODUCED_ELSEWHERE,
  FINDINGS_LEFT_OUT,
];

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function ruleMeta(id: string): RuleMeta | undefined {
  return BY_ID.get(id);
}

export function defaultSeverity(id: string): Severity {
  return BY_ID.get(id)?.defaultSeverity ?? 'warning';
}
