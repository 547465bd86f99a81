/**
 * `a2acap check --format github`: the step log of a GitHub Actions job carries the reason. One annotation per
 * problem or note on the lockfile member it is about (core/report/githubAnnotations.ts; the same entries as the
 * SARIF report), one per lockfile that could not be checked, then the summary line. Files are named relative to
 * the working directory (the runner resolves annotation paths against the repository root).
 */
import { githubAnnotations } from '../../report/githubAnnotations';
import type { RefreshOutcome } from '../types';
import { checkEntries } from './sarif';
import { summarize, summaryLine } from './summary';

export function githubReport(outcomes: readonly RefreshOutcome[], relativePath: (p: string) => string): string {
  const entries = checkEntries(outcomes, relativePath).map((e) => {
    if (e.ruleId === 'lockfile-error') return { ...e, message: `could not be checked: ${e.message}` };
    // An accepted problem does not fail the job: a warning, not a red error annotation.
    return e.acceptance && e.severity === 'error' ? { ...e, severity: 'warning' as const } : e;
  });
  return `${githubAnnotations(entries)}a2acap check: ${summaryLine(summarize(outcomes))}\n`;
}
