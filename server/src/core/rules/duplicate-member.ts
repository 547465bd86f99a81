/**
 * duplicate-member: a name given twice in one object. JSON.parse (and so this tool and the JS SDK) keeps the last
 * value; other parsers keep the first or refuse the document; a signature over the card is ambiguous (RFC 8785
 * canonicalization requires unique names). Each occurrence that a later one overrides is reported at its own name.
 *
 * Cost: a screen that counts names in the text and in the parsed value (core/card/duplicateNames.ts) rules duplicates
 * out without a syntax tree; the text is scanned only when the counts differ.
 */
import { findOverriddenNames, mayHaveDuplicateNames } from '../card/duplicateNames';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'duplicate-member',
  defaultSeverity: 'warning',
  title: 'A member name given twice in one object',
  appliesTo: ['card', 'lockfile'],
};

/** A document made of duplicates should not yield a finding per member. */
const MAX_FINDINGS = 50;

export const duplicateMember: Rule = ({ value, text }) => {
  if (text === undefined || !mayHaveDuplicateNames(text, value)) return [];
  const overridden = findOverriddenNames(text);
  const out: Finding[] = [];
  for (const o of overridden.slice(0, MAX_FINDINGS)) {
    // Its own offset: the pointer names every occurrence alike.
    out.push(
      finding(
        meta,
        o.pointer,
        `${quote(o.name)} is given ${o.occurrences} times in this object. JSON.parse (and this tool) uses the last one, other parsers ` +
          'may use this one or refuse the document, and a signature over it is ambiguous: keep one.',
        {
          target: 'key',
          offset: { offset: o.offset, length: o.length },
          data: { name: o.name, occurrences: o.occurrences, keyOffset: o.offset },
        },
      ),
    );
  }
  const unlisted = overridden.length - MAX_FINDINGS;
  const last = out[out.length - 1];
  if (unlisted > 0 && last) last.message += ` (${unlisted} more overridden members are not listed.)`;
  return out;
};

const docs: RuleDocs = {
  summary:
    'Cards and lockfiles. An object gives the same member name twice. `JSON.parse` (and so this tool and the JS SDK) keeps the last value without a word; other parsers keep the first or refuse the document, so two readers of the same card can see two different agents, and a signature over it is ambiguous (RFC 8785 canonicalization requires unique names). Each occurrence that a later one overrides is reported at its own name.',
  bad: '`{ "name": "Pricing Agent", "description": "…", "name": "Billing Agent", … }`',
  fix: 'keep one of them',
  quickFix:
    'remove this occurrence (the later one stays, so what `JSON.parse` reads does not change; if the earlier value was the one you meant, delete the later one by hand instead)',
  more: 'How it stays cheap: the names are counted in the text and in the parsed value (a `:` search, no syntax tree); only when the counts differ is the text scanned for where. On the 3 MB benchmark card that screen adds about 0.8 ms.',
};

const examples: RuleExamples = {
  invalid: [{ text: '{ "name": "Pricing Agent", "description": "Quotes prices.", "name": "Billing Agent" }' }],
  valid: [{ text: '{ "name": "Pricing Agent", "skills": [{ "name": "Pricing" }, { "name": "Refunds" }] }' }],
};

export const rule: RuleDefinition = { meta, check: duplicateMember, docs, examples };
