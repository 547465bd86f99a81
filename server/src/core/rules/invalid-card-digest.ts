/** invalid-card-digest (lockfile): card_digest is "sha256:" + 64 lowercase hex digits (SHA-256 of the RFC 8785 card without signatures). */
import { isObject } from '../document';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';

export const meta: RuleMeta = {
  id: 'invalid-card-digest',
  defaultSeverity: 'error',
  title: 'card_digest is not sha256:<64 lowercase hex>',
  appliesTo: ['lockfile'],
};

const DIGEST = /^sha256:[0-9a-f]{64}$/;

export const invalidCardDigest: Rule = ({ value }) => {
  if (!isObject(value) || typeof value.card_digest !== 'string') return [];
  const digest = value.card_digest;
  if (DIGEST.test(digest)) return [];
  let suggestion: string | null = null;
  if (/^sha256:[0-9a-fA-F]{64}$/.test(digest)) suggestion = digest.toLowerCase();
  else if (/^[0-9a-fA-F]{64}$/.test(digest)) suggestion = `sha256:${digest.toLowerCase()}`;
  return [
    finding(
      meta,
      '/card_digest',
      `${quote(digest)} is not a card digest: expected "sha256:" followed by 64 lowercase hex digits${suggestion ? ` (${quote(suggestion)})` : '; re-pin the lockfile'}.`,
      { data: { value: digest, suggestion } },
    ),
  ];
};

const docs: RuleDocs = {
  summary: "A lockfile's `card_digest` is not `sha256:` followed by 64 lowercase hex digits.",
  bad: '`"card_digest": "ABCD…"`',
  fix: '`"card_digest": "sha256:abcd…" (re-pin with a2acap pin)`',
  quickFix: '**Change to** the digest in the expected form, when the value only differs in case or prefix.',
};

const examples: RuleExamples = {
  invalid: [{ with: { card_digest: 'ABCD' } }],
  valid: [{ with: { card_digest: `sha256:${'ab'.repeat(32)}` } }],
};

export const rule: RuleDefinition = { meta, check: invalidCardDigest, docs, examples };
