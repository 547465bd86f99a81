/**
 * not-canonicalizable: a card is pinned by the digest of its RFC 8785 canonical form, and a signature covers that
 * same form. A value without one (a number like 1e400 that overflows a double, nesting deeper than the canonicalizer
 * takes) means the card cannot be pinned, digested or signature-checked: every consumer refuses it, so lint says
 * why, where.
 */
import { cardCanonicalProblem, MAX_CANONICAL_DEPTH } from '../digest';
import { valueCensus } from '../valueCensus';
import { finding, Rule, type RuleDefinition, type RuleMeta } from './context';

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

export const rule: RuleDefinition = { meta, check: notCanonicalizable };
