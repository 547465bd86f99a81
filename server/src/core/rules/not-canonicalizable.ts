/**
 * not-canonicalizable: a card is pinned by the digest of its RFC 8785 canonical form, and a signature covers that
 * same form. A value without one (a number like 1e400 that overflows a double, nesting deeper than the canonicalizer
 * takes) means the card cannot be pinned, digested or signature-checked: every consumer refuses it, so lint says
 * why, where.
 */
import { cardCanonicalProblem } from '../digest';
import { finding, Rule } from './context';

export const notCanonicalizable: Rule = ({ value }) => {
  const problem = cardCanonicalProblem(value);
  if (!problem) return [];
  return [finding('not-canonicalizable', problem.pointer,
    `This card cannot be pinned, digested or signature-checked: it has no canonical form (RFC 8785) because of ${problem.reason}.`,
    { data: { reason: problem.reason } })];
};
