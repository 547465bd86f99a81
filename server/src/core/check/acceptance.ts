/**
 * Problems a run accepts without failing: approved ones (a pull request carries the approval label, and the Action
 * passes `--approved-by`) and pre-existing ones (`--since REF`: the same problem, at the same level and member, was
 * already there when the lockfile was checked as it was at REF). Accepted problems are still reported, marked, so
 * every report says which is which; only the exit code (core/check/report/summary.ts) leaves them out.
 */
import type { CheckItem, CheckResult } from '../types';
import type { RefreshOutcome } from './types';

export interface Acceptance {
  /** What approved the breaking and review problems of this run (e.g. `label "approved-breaking-change"`). */
  approvedBy?: string;
  /**
   * Each lockfile's result as checked at the base revision, by the lockfile's path as in the outcomes; a lockfile
   * missing here (new, or not checkable at the base) had no problems there.
   */
  base?: ReadonlyMap<string, CheckResult>;
}

function problemKey(item: CheckItem): string {
  return `${item.level}\u0000${item.pointer}\u0000${item.message}`;
}

function markProblem(
  item: CheckItem,
  before: ReadonlySet<string> | undefined,
  approvedBy: string | undefined,
): CheckItem {
  const preexisting = before?.has(problemKey(item)) === true;
  if (!preexisting && approvedBy === undefined) return item;
  return {
    ...item,
    ...(preexisting ? { preexisting: true } : {}),
    ...(approvedBy !== undefined ? { approved: approvedBy } : {}),
  };
}

/** The outcomes with their accepted problems marked (`approved`, `preexisting`); nothing else changes. */
export function markAccepted(outcomes: readonly RefreshOutcome[], acceptance: Acceptance): RefreshOutcome[] {
  if (acceptance.approvedBy === undefined && acceptance.base === undefined) return [...outcomes];
  return outcomes.map((o) => {
    if (o.status !== 'checked' || o.result.problems.length === 0) return o;
    const base = acceptance.base?.get(o.lockfile);
    const before = acceptance.base ? new Set(base?.problems.map(problemKey)) : undefined;
    const problems = o.result.problems.map((p) => markProblem(p, before, acceptance.approvedBy));
    return { ...o, result: { ...o.result, problems } };
  });
}

/** Whether a problem still fails the run: neither approved nor already there at the base revision. */
export function isOpen(item: CheckItem): boolean {
  return item.approved === undefined && item.preexisting !== true;
}

/** A short mark for people (text, markdown, annotations): '' for an open problem. */
export function acceptanceMark(item: CheckItem): string {
  if (item.preexisting) return ' (pre-existing: already so at the base revision)';
  if (item.approved !== undefined) return ` (approved by ${item.approved})`;
  return '';
}
