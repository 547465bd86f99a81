/** Shared by every report format: counts and the exit decision CI relies on. */
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
}

export function summarize(outcomes: readonly RefreshOutcome[]): Summary {
  const s: Summary = { total: outcomes.length, compatible: 0, review: 0, breaking: 0, error: 0 };
  for (const o of outcomes) {
    if (o.status === 'error') s.error++;
    else s[o.result.classification]++;
  }
  return s;
}

/** "3 lockfiles: 1 compatible, 0 review, 2 breaking, 0 errors": the last line of the text and GitHub reports. */
export function summaryLine(s: Summary): string {
  return `${s.total} lockfile${s.total === 1 ? '' : 's'}: ${s.compatible} compatible, ${s.review} review, ${s.breaking} breaking, ${s.error} error${s.error === 1 ? '' : 's'}`;
}

/** 2 when anything could not be checked, else 1 when the fail-on level (or worse) was reached, else 0. */
export function exitCodeFor(outcomes: readonly RefreshOutcome[], failOn: FailOn): 0 | 1 | 2 {
  const summary = summarize(outcomes);
  if (summary.error > 0) return 2;
  if (summary.breaking > 0) return 1;
  if (failOn !== 'breaking' && summary.review > 0) return 1;
  return failOn === 'note' && outcomes.some((o) => o.status === 'checked' && o.result.notes.length > 0) ? 1 : 0;
}

/** The label of one outcome: its classification, or 'error'. */
export function verdictOf(o: RefreshOutcome): 'compatible' | 'review' | 'breaking' | 'error' {
  return o.status === 'error' ? 'error' : o.result.classification;
}
