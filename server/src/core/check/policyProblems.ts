/**
 * The project's policies as problems of a lockfile check (docs/policies.md): a policy the card the lockfile is
 * checked against does not comply with is a problem at the lockfile's `/agent` (the lockfile pins that agent; the
 * card member that decided is named in the message, as a pointer into the card), its message starting with the
 * policy's id. Severity maps to level: error → breaking, warning → review, info and hint → note.
 */
import type { CheckItem, CheckResult, Finding, Severity, SuppressedCheckItem } from '../types';

const LEVEL: Record<Severity, CheckItem['level']> = {
  error: 'breaking',
  warning: 'review',
  info: 'note',
  hint: 'note',
};

/** The lockfile member a policy problem is placed on. */
export const POLICY_PROBLEM_POINTER = '/agent';

/** A policy finding (core/policy/findings.ts) as a check item. */
export function policyCheckItem(finding: Finding): CheckItem {
  const where = finding.pointer ? `card member ${finding.pointer}` : 'the card as a whole';
  return {
    level: LEVEL[finding.severity],
    pointer: POLICY_PROBLEM_POINTER,
    message: `${finding.code}: ${finding.message} (decided by ${where})`,
  };
}

/**
 * The result with the policy items added (notes apart from problems) and classified again; `suppressed` are the
 * ones the project's `ignore` entries accepted, kept apart with the entry's reason (counted, and in SARIF).
 */
export function withPolicyItems(
  result: CheckResult,
  items: readonly CheckItem[],
  suppressed: readonly SuppressedCheckItem[] = [],
): CheckResult {
  if (!items.length && !suppressed.length) return result;
  const problems = [...result.problems, ...items.filter((i) => i.level !== 'note')];
  const notes = [...result.notes, ...items.filter((i) => i.level === 'note')];
  const classification = problems.some((i) => i.level === 'breaking')
    ? 'breaking'
    : problems.some((i) => i.level === 'review')
      ? 'review'
      : 'compatible';
  return { ...result, classification, problems, notes, ...(suppressed.length ? { suppressed: [...suppressed] } : {}) };
}
