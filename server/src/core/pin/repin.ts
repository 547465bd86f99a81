/**
 * Re-pinning after review (`a2acap update`, "A2A: Update Lockfile"): the same selection the lockfile
 * records, taken against the agent's current profile. Pinned output modes are alternatives (any one
 * will do), so those no longer offered are dropped as long as one remains; everything else must still
 * hold, otherwise the update is refused (that is a breaking change: pin a new selection instead).
 */
import { coveredMask } from '../profile/mediaType';
import { getOwn, setOwn } from '../profile/safeRecord';
import type { CompiledProfile, Evidence, Lockfile } from '../types';
import { buildLockfile } from './buildLockfile';
import { q } from '../lockfile/check';
import { PinError } from './errors';

export interface RepinInput {
  lock: Lockfile;
  profile: CompiledProfile;
  cardDigest: string;
  now: () => Date;
  evidence?: Record<string, Evidence>;
}

export function repin({ lock, profile, cardDigest, now, evidence }: RepinInput): Lockfile {
  const pinned = lock.requires.skills ?? {};
  const ids = Object.keys(pinned);
  const skills = profile.skills ?? {};
  const perSkill: Record<string, { input: string[]; output: string[] }> = {};
  for (const id of ids) {
    const current = getOwn(skills, id);
    if (!current)
      throw new PinError(
        `skill ${q(id)} is no longer offered; this is a breaking change: pin a new selection with 'a2acap pin'`,
      );
    const want = getOwn(pinned, id);
    const outputs = want?.output ?? [];
    const covered = coveredMask(current.output, outputs);
    const still = outputs.filter((_, i) => covered(i));
    if (outputs.length > 0 && still.length === 0) {
      throw new PinError(
        `skill ${q(id)} no longer produces any of the pinned output modes; pin a new selection with 'a2acap pin'`,
      );
    }
    setOwn(perSkill, id, { input: want?.input ?? [], output: still });
  }
  const next = buildLockfile({
    profile,
    cardDigest,
    agentUrl: lock.agent,
    now,
    evidence,
    selection: {
      skills: ids,
      perSkill,
      streaming: lock.requires.streaming === true,
      extensions: lock.requires.extensions ?? [],
    },
  });
  if (lock.$schema !== undefined) next.$schema = lock.$schema;
  if (lock.found_via) next.found_via = lock.found_via;
  return next;
}
