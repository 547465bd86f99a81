/**
 * not-canonicalizable: a card is pinned by the digest of its RFC 8785 canonical form, and a signature covers that
 * same form. A value without one (a number like 1e400 that overflows a double, nesting deeper than the canonicalizer
 * takes) means the card cannot be pinned, digested or signature-checked: every consumer refuses it, so lint says
 * why, where.
 */
import { cardCanonicalProblem, MAX_CANONICAL_DEPTH } from '../card/digest';
import { valueCensus } from '../card/valueCensus';
import { finding, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';

export const meta: RuleMeta = {
  id: 'not-canonicalizable',
  defaultSeverity: 'error',
  title: 'The card has no canonical form, so it cannot be pinned, digested or signature-checked',
  appliesTo: ['card'],
};

export const notCanonicalizable: Rule = ({ value }) => {
  // The shared walk says whether there is anything to find; where it is, only then.
  const census = valueCensus(value);
  if (!census.nonFinite && census.deepest < MAX_CANONICAL_DEPTH) return [];
  const problem = cardCanonicalProblem(value);
  if (!problem) return [];
  return [
    finding(
      meta,
      problem.pointer,
      `This card cannot be pinned, digested or signature-checked: it has no canonical form (RFC 8785) because of ${problem.reason}.`,
      { data: { reason: problem.reason } },
    ),
  ];
};

const docs: RuleDocs = {
  summary: [
    'The card has no RFC 8785 canonical form: a number that overflows a double (`1e400`), or',
    'nesting deeper than 500 levels. The card digest a lockfile pins and the payload a signature covers are both that',
    'canonical form, so such a card cannot be pinned, digested or signature-checked: `a2acap check` and `pin` refuse it,',
    'and the editor shows "this card cannot be used" where it would show the pinned card.',
  ],
  bad: '`"x-rate": 1e400`',
  fix: '`"x-rate": 1e300` (a finite number), or a string if the value really is that large',
  quickFix: 'none (which value the number should have is yours to decide).',
};

const examples: RuleExamples = {
  invalid: [{ text: '{ "name": "Pricing Agent", "x-rate": 1e400 }' }],
  valid: [{ text: '{ "name": "Pricing Agent", "x-rate": 1e300 }' }],
};

export const rule: RuleDefinition = { meta, check: notCanonicalizable, docs, examples };
