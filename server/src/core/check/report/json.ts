/**
 * JSON report of `a2acap check` (--card and --live alike, so CI parses one format):
 * `{"classification": worst over the checked lockfiles ("error" when any could not be checked, as check --card
 *   says it), "problems": [{level, pointer, message, file}],
 *   "notes": [...], "results": [per lockfile, in argument order], "summary": {counts}}`.
 * A checked result is `{file, card, unchanged, classification, problems, notes}`; one that could not be
 * checked is `{file, card?, error, stage}` (stage: lockfile | fetch | card). A problem the run accepted carries
 * `approved` (what approved it) or `preexisting: true` (already so at the --since revision); a result whose problems
 * were all accepted carries `approved: true` or `preexisting: true`, and the summary counts them. Stale `ignore`
 * entries (staleSuppression.ts), when there are any, are `"stale_suppressions": [{file, pointer, severity, message}]`.
 */
import { machineJson } from '../../report/machineJson';
import type { CheckItem, Classification } from '../../types';
import type { RefreshOutcome } from '../types';
import { acceptedAs, summarize } from './summary';
import type { StaleSuppression } from '../staleSuppression';

const RANK: Record<Classification, number> = { compatible: 0, review: 1, breaking: 2 };

export function jsonReport(
  outcomes: readonly RefreshOutcome[],
  displayPath: (p: string) => string,
  stale: readonly StaleSuppression[] = [],
): string {
  let classification: Classification = 'compatible';
  const problems: (CheckItem & { file: string })[] = [];
  const notes: (CheckItem & { file: string })[] = [];
  const results = outcomes.map((o) => {
    const file = displayPath(o.lockfile);
    // Card paths are shown like lockfile paths (URLs pass through displayPath unchanged).
    if (o.status === 'error')
      return { file, ...(o.card ? { card: displayPath(o.card) } : {}), error: o.cause, stage: o.stage };
    if (RANK[o.result.classification] > RANK[classification]) classification = o.result.classification;
    problems.push(...o.result.problems.map((i) => ({ ...i, file })));
    notes.push(...o.result.notes.map((i) => ({ ...i, file })));
    const accepted = acceptedAs(o);
    return {
      file,
      card: displayPath(o.card),
      unchanged: o.unchanged,
      ...o.result,
      ...(accepted ? { [accepted]: true } : {}),
    };
  });
  // A lockfile that could not be checked is never hidden behind the others' verdict (exit 2 says the same).
  const overall: Classification | 'error' = outcomes.some((o) => o.status === 'error') ? 'error' : classification;
  const staleEntries = stale.map(({ file, pointer, severity, message }) => ({ file, pointer, severity, message }));
  const report = { classification: overall, problems, notes, results, summary: summarize(outcomes) };
  return `${machineJson(staleEntries.length ? { ...report, stale_suppressions: staleEntries } : report, 2)}\n`;
}
