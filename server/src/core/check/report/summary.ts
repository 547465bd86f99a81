/** Shared by every report format: counts and the exit decision CI relies on. */
import { isOpen } from '../acceptance';
import type { RefreshOutcome } from '../types';

/**
 * The level that fails a check: breaking (default), review, or note — any change at all, a harmless one included
 * (a compatible lockfile with notes, e.g. the card's digest differs), for teams that review every change.
 */
export type FailOn = 'breaking' | 'review' | 'note';

export interface Summary {
  total: number;
  compatible: number;
  review: number;
  breaking: number;
  error: number;
  /** Lockfiles whose problems were all accepted: approved (check --approved-by) or pre-existing (--since); only when any. */
  approved?: number;
  preexisting?: number;
  /** Policy problems the project's `ignore` entries accepted (core/check/policyProblems.ts); only when any. */
  suppressed?: number;
}

export function summarize(outcomes: readonly RefreshOutcome[]): Summary {
  const s: Summary = { total: outcomes.length, compatible: 0, review: 0, breaking: 0, error: 0 };
  for (const o of outcomes) {
    if (o.status === 'error') s.error++;
    else s[o.result.classification]++;
  }
  const approved = outcomes.filter((o) => acceptedAs(o) === 'approved').length;
  const preexisting = outcomes.filter((o) => acceptedAs(o) === 'preexisting').length;
  const suppressed = outcomes.reduce(
    (n, o) => n + (o.status === 'checked' ? (o.result.suppressed?.length ?? 0) : 0),
    0,
  );
  return {
    ...s,
    ...(approved ? { approved } : {}),
    ...(preexisting ? { preexisting } : {}),
    ...(suppressed ? { suppressed } : {}),
  };
}

/**
 * How a lockfile with problems passes anyway: 'preexisting' when every problem was already there at the base
 * revision, 'approved' when every one is accepted and some approved; undefined when a problem is open (or none).
 */
export function acceptedAs(o: RefreshOutcome): 'approved' | 'preexisting' | undefined {
  if (o.status !== 'checked' || o.result.problems.length === 0) return undefined;
  if (!o.result.problems.every((p) => !isOpen(p))) return undefined;
  return o.result.problems.every((p) => p.preexisting) ? 'preexisting' : 'approved';
}

/** "3 lockfiles: 1 compatible, 0 review, 2 breaking, 0 errors": the last line of the text and GitHub reports. */
export function summaryLine(s: Summary): string {
  const accepted = [
    ...(s.approved ? [`${s.approved} approved`] : []),
    ...(s.preexisting ? [`${s.preexisting} pre-existing`] : []),
  ];
  const suppressed = s.suppressed ? `, ${s.suppressed} suppressed` : '';
  return `${s.total} lockfile${s.total === 1 ? '' : 's'}: ${s.compatible} compatible, ${s.review} review, ${s.breaking} breaking, ${s.error} error${s.error === 1 ? '' : 's'}${accepted.length ? ` (passing: ${accepted.join(', ')})` : ''}${suppressed}`;
}

/**
 * 2 when anything could not be checked, else 1 when the fail-on level (or worse) was reached by a problem that is
 * neither approved nor pre-existing (core/check/acceptance.ts), else 0.
 */
export function exitCodeFor(outcomes: readonly RefreshOutcome[], failOn: FailOn): 0 | 1 | 2 {
  if (outcomes.some((o) => o.status === 'error')) return 2;
  const open = outcomes.flatMap((o) => (o.status === 'checked' ? o.result.problems.filter(isOpen) : []));
  if (open.some((p) => p.level === 'breaking')) return 1;
  if (failOn !== 'breaking' && open.some((p) => p.level === 'review')) return 1;
  return failOn === 'note' && outcomes.some((o) => o.status === 'checked' && o.result.notes.length > 0) ? 1 : 0;
}

/** The label of one outcome: its classification, or 'error'. */
export function verdictOf(o: RefreshOutcome): 'compatible' | 'review' | 'breaking' | 'error' {
  return o.status === 'error' ? 'error' : o.result.classification;
}
