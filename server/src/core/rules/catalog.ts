/**
 * The rule catalog: the single source for rule ids, default severities, titles and documentation links.
 * Settings enums, docs/rules.md headings and LSP codeDescription links are all derived from this table.
 */
import type { Severity } from '../types';

export type AppliesTo = 'card' | 'lockfile';

export interface RuleMeta {
  /** Stable kebab-case id: the finding `code`, the settings key and the docs/rules.md anchor. */
  id: string;
  defaultSeverity: Severity;
  title: string;
  appliesTo: AppliesTo[];
  /**
   * Set for rules that no lint rule implements: findings made elsewhere in the core, with this id as
   * their code (`check`: the lockfile checked against the card it pins; `fetch`: fetching a live card).
   */
  producedBy?: 'check' | 'fetch';
}

/** The project's home page: SARIF's `informationUri` for the tool. */
export const REPOSITORY_URL = 'https://github.com/a2a-capabilities/a2a-capabilities';

/** Where every rule is documented: the `### <rule-id>` headings of docs/rules.md. */
export const RULE_DOCS_PAGE = `${REPOSITORY_URL}/blob/main/docs/rules.md`;

export function ruleDocsUrl(id: string): string {
  return `${RULE_DOCS_PAGE}#${id}`;
}

const both: AppliesTo[] = ['card', 'lockfile'];
const card: AppliesTo[] = ['card'];
const lock: AppliesTo[] = ['lockfile'];

export const RULES: readonly RuleMeta[] = [
  { id: 'invalid-json', defaultSeverity: 'error', title: 'The file is not valid JSON', appliesTo: both },
  { id: 'schema', defaultSeverity: 'error', title: 'The document violates the A2A 1.0 card (or lockfile) schema', appliesTo: both },
  { id: 'card-too-large', defaultSeverity: 'error', title: 'The card is larger than the configured limit', appliesTo: both },
  { id: 'not-an-agent-card', defaultSeverity: 'error', title: 'The JSON is not an agent card or a lockfile', appliesTo: both },
  { id: 'legacy-card-shape', defaultSeverity: 'error', title: 'A member from A2A 0.3 or older that 1.0 replaced', appliesTo: card },
  { id: 'sdk-internal-shape', defaultSeverity: 'error', title: 'An SDK-internal ($case/value) form leaked into the card', appliesTo: card },
  { id: 'security-requirement-shape', defaultSeverity: 'error', title: 'A security requirement is not in the {schemes:{name:{list:[...]}}} shape', appliesTo: card },
  { id: 'no-supported-interface', defaultSeverity: 'error', title: 'No interface the client supports', appliesTo: card },
  { id: 'required-extension-unsupported', defaultSeverity: 'warning', title: 'A required extension the client does not implement', appliesTo: card },
  { id: 'skill-mode-narrows-default', defaultSeverity: 'info', title: "A skill's modes replace the card defaults and leave a default out", appliesTo: card },
  { id: 'invalid-media-type', defaultSeverity: 'error', title: 'Not a media type (type/subtype)', appliesTo: both },
  { id: 'undefined-security-scheme', defaultSeverity: 'error', title: 'A security requirement names a scheme not in securitySchemes', appliesTo: card },
  { id: 'undeclared-oauth-scope', defaultSeverity: 'warning', title: "A required scope is not among the OAuth flow's scopes", appliesTo: card },
  { id: 'duplicate-skill-id', defaultSeverity: 'error', title: 'Two skills share an id', appliesTo: card },
  { id: 'duplicate-member', defaultSeverity: 'warning', title: 'A member name given twice in one object', appliesTo: both },
  { id: 'duplicate-interface', defaultSeverity: 'warning', title: 'The same interface is listed twice', appliesTo: card },
  { id: 'insecure-interface-url', defaultSeverity: 'warning', title: 'An interface uses http:// to a non-loopback host', appliesTo: card },
  { id: 'invalid-interface-url', defaultSeverity: 'error', title: 'An interface URL is relative, a placeholder or not a URL', appliesTo: card },
  { id: 'interface-url-operation-path', defaultSeverity: 'warning', title: 'An interface URL ends in an operation or card path', appliesTo: card },
  { id: 'invalid-protocol-version', defaultSeverity: 'warning', title: 'A protocol version that is not Major.Minor or not a known A2A version', appliesTo: card },
  { id: 'unknown-field', defaultSeverity: 'warning', title: 'A member the A2A 1.0 schema does not define', appliesTo: both },
  { id: 'deprecated-oauth-flow', defaultSeverity: 'warning', title: 'A deprecated OAuth flow (implicit, password)', appliesTo: card },
  { id: 'malformed-signature', defaultSeverity: 'error', title: 'A signature whose protected header is not base64url JSON with alg and kid', appliesTo: card },
  { id: 'extension-missing-uri', defaultSeverity: 'error', title: 'An extension without a uri', appliesTo: card },
  { id: 'provider-name-field', defaultSeverity: 'error', title: 'provider.name instead of provider.organization', appliesTo: card },
  { id: 'empty-skill-tags', defaultSeverity: 'error', title: 'A skill without tags', appliesTo: card },
  { id: 'not-canonicalizable', defaultSeverity: 'error', title: 'The card has no canonical form, so it cannot be pinned, digested or signature-checked', appliesTo: card },
  { id: 'internal-error', defaultSeverity: 'error', title: 'A rule failed on this document, so its findings are missing', appliesTo: both },
  { id: 'suspicious-text', defaultSeverity: 'warning', title: 'Card text with hidden characters or instructions aimed at a model', appliesTo: card },
  { id: 'invalid-card-digest', defaultSeverity: 'error', title: 'card_digest is not sha256:<64 lowercase hex>', appliesTo: lock },
  { id: 'invalid-pinned-at', defaultSeverity: 'error', title: 'pinned_at is not a date-time', appliesTo: lock },
  { id: 'unsupported-lockfile-version', defaultSeverity: 'error', title: 'The lockfile is in a format newer than this version reads', appliesTo: lock },
  { id: 'signature-required', defaultSeverity: 'error', title: 'Signed cards are required and this card is not verified', appliesTo: card, producedBy: 'fetch' },
  // The lockfile checked against the card it pins (a workspace card or the live card fetched this session).
  { id: 'lockfile-breaking', defaultSeverity: 'error', title: 'The card it pins no longer offers what the lockfile requires', appliesTo: lock, producedBy: 'check' },
  { id: 'lockfile-review', defaultSeverity: 'warning', title: 'The card it pins changed in a way a person should review', appliesTo: lock, producedBy: 'check' },
  { id: 'lockfile-note', defaultSeverity: 'info', title: 'The card it pins changed harmlessly (description, digest, version)', appliesTo: lock, producedBy: 'check' },
  { id: 'lockfile-error', defaultSeverity: 'error', title: 'The lockfile could not be checked (unreadable or corrupt lockfile, unreachable agent, invalid card)', appliesTo: lock, producedBy: 'check' },
];

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function defaultSeverity(id: string): Severity {
  return BY_ID.get(id)?.defaultSeverity ?? 'warning';
}
