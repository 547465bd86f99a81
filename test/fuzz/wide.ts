/**
 * Wide documents: many empty skills, unknown members or faulty skills (millions of possible findings). The
 * property: lint reports at most the caps, with the one summary when it left findings out, in bounded time.
 */
import { MAX_FINDINGS_PER_DOCUMENT, MAX_FINDINGS_PER_RULE } from '../../server/src/core/findingCap';
import type { Finding } from '../../server/src/core/types';
import { emptySkillsCard, faultySkillsCard, manyPinsLockfile, manySkillsCard, unknownMembersCard } from '../wideCard';
import { int, pick, type Rng } from './mutate';
import type { Failure } from './properties';

/** Kept small enough that a campaign case costs well under a second; the unit tests take the 1 MiB extremes. */
const MAX_ITEMS = 40_000;

/** Generous for a shared machine: unbounded, 40,000 empty skills took about 4 s. */
export const WIDE_LINT_MS = 3_000;

export function wideCard(rng: Rng): { text: string; op: string } {
  const count = 1 + int(rng, MAX_ITEMS);
  const shape = pick(rng, ['empty skills', 'unknown members', 'faulty skills'] as const);
  const make = {
    'empty skills': emptySkillsCard,
    'unknown members': unknownMembersCard,
    'faulty skills': faultySkillsCard,
  };
  return {
    text: make[shape](shape === 'faulty skills' ? Math.ceil(count / 10) : count),
    op: `wide card: ${count} ${shape}`,
  };
}

/** The caps hold, and anything past them is summarised once. */
export function boundedFindings(findings: readonly Finding[]): Failure | undefined {
  const property = 'lint reports at most the caps, and one summary of what it left out';
  if (findings.length > MAX_FINDINGS_PER_DOCUMENT)
    return { property, detail: `${findings.length} findings in one document` };
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  for (const [code, n] of counts)
    if (n > MAX_FINDINGS_PER_RULE) return { property, detail: `${n} findings of ${code}` };
  if ((counts.get('findings-left-out') ?? 0) > 1) return { property, detail: 'more than one summary' };
  return undefined;
}

/** Generous for a shared machine: comparing every missing pinned skill with every offered one took 40 s. */
export const WIDE_CHECK_MS = 3_000;

/**
 * Many pinned skills against many offered ones: missing ones (prefix p), near misses (s + one more character, the
 * rename hint's worst case: every length band full) or the offered ones themselves.
 */
export function widePair(rng: Rng): { card: string; lock: string; op: string } {
  const offered = 1 + int(rng, 10_000);
  const pinned = 1 + int(rng, 2_500);
  const prefix = pick(rng, ['p', 'sx', 's']);
  return {
    card: manySkillsCard(offered),
    lock: manyPinsLockfile(pinned, prefix, 'Wide'),
    op: `wide pair: ${pinned} pinned (${prefix}…) against ${offered} offered`,
  };
}
