/** invalid-card-digest (lockfile): card_digest is "sha256:" + 64 lowercase hex digits (SHA-256 of the RFC 8785 card without signatures). */
import { isObject } from '../document';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta } from './context';

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

export const rule: RuleDefinition = { meta, check: invalidCardDigest };
