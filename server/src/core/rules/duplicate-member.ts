/**
 * duplicate-member: a name given twice in one object. JSON.parse (and so this tool and the JS SDK) keeps the last
 * value; other parsers keep the first or refuse the document; a signature over the card is ambiguous (RFC 8785
 * canonicalization requires unique names). Each occurrence that a later one overrides is reported at its own name.
 *
 * Cost: a screen that counts names in the text and in the parsed value (core/duplicateNames.ts) rules duplicates
 * out without a syntax tree; the text is scanned only when the counts differ.
 */
import { findOverriddenNames, mayHaveDuplicateNames } from '../duplicateNames';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta } from './context';
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

export const rule: RuleDefinition = { meta, check: duplicateMember };
