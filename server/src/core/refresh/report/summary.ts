/** Shared by every report format: counts and the exit decision CI relies on. */
import type { RefreshOutcome } from '../types';

export type FailOn = 'breaking' | 'review';

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

/** 2 when anything could not be checked, else 1 when the fail-on level (or worse) was reached, else 0. */
export function exitCodeFor(summary: Summary, failOn: FailOn): 0 | 1 | 2 {
  if (summary.error > 0) return 2;
  if (summary.breaking > 0) return 1;
  return failOn === 'review' && summary.review > 0 ? 1 : 0;
}

/** The label of one outcome: its classification, or 'error'. */
export function verdictOf(o: RefreshOutcome): 'compatible' | 'review' | 'breaking' | 'error' {
  return o.status === 'error' ? 'error' : o.result.classification;
}
