/**
 * Contract tests from lockfiles (`check --live --probe`): a lockfile pinned with `--probe` keeps, under `verified`,
 * the evidence of the probes that backed what it pins. Re-running those probes against the live agent turns each
 * piece of evidence into a check: a claim verified when pinned and refuted now is breaking (the agent no longer
 * does what the lockfile relies on), one the probe cannot decide now needs review, and the TCK requirement the
 * probe tests is named in the message.
 */
import type { ProbeResult } from '../probe/types';
import { escapeSegment } from '../pointer/range';
import type { CheckItem, Classification, Evidence, Lockfile } from '../types';
import type { RefreshOutcome } from './types';

/** The probes whose evidence the lockfile recorded as verified: what `check --probe` re-verifies. */
export function verifiedProbes(lock: Lockfile): string[] {
  return Object.entries(lock.verified ?? {})
    .filter(([, e]) => typeof e === 'object' && e !== null && (e as Evidence).result === 'verified')
    .map(([probe]) => probe);
}

const RANK: Record<Classification, number> = { compatible: 0, review: 1, breaking: 2 };

function itemFor(probe: string, now: ProbeResult | undefined): CheckItem | undefined {
  const pointer = `/verified/${escapeSegment(probe)}`;
  const tck = now?.requirements?.length ? ` [${now.requirements.join(', ')}]` : '';
  if (!now) return { level: 'review', pointer, message: `probe ${probe} was verified when pinned and did not run now` };
  if (now.outcome === 'refuted')
    return {
      level: 'breaking',
      pointer,
      message: `probe ${probe}${tck} was verified when pinned, now refuted: ${now.detail}`,
    };
  if (now.outcome === 'error' || now.outcome === 'skipped')
    return {
      level: 'review',
      pointer,
      message: `probe ${probe}${tck} was verified when pinned, now ${now.outcome === 'error' ? 'inconclusive' : 'skipped'}: ${now.detail}`,
    };
  return undefined;
}

/** The outcome with one problem per recorded verified probe that does not verify now (`results`: this run's probes). */
export function withReverified(outcome: RefreshOutcome, results: readonly ProbeResult[]): RefreshOutcome {
  if (outcome.status !== 'checked') return outcome;
  const byName = new Map(results.map((r) => [r.probe, r]));
  const added = verifiedProbes(outcome.lock).flatMap((p) => itemFor(p, byName.get(p)) ?? []);
  if (added.length === 0) return outcome;
  const problems = [...outcome.result.problems, ...added].sort(
    (a, b) => Number(b.level === 'breaking') - Number(a.level === 'breaking'),
  );
  const worst = added.reduce<Classification>(
    (c, i) => (RANK[i.level as Classification] > RANK[c] ? (i.level as Classification) : c),
    outcome.result.classification,
  );
  return { ...outcome, result: { ...outcome.result, problems, classification: worst } };
}
