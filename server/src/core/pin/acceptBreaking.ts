/**
 * Accepting a breaking change (`a2acap update --yes --accept-breaking`): the lockfile's selection kept as far as the
 * agent still offers it, pinned against what the agent offers now. Skills no longer offered leave the selection;
 * a pinned input or output mode no longer covered is dropped (when none is left, the skill's current modes are
 * pinned); streaming and extensions stay only while the card still declares them. What the workflow loses is the
 * breaking items of the check, said by the caller.
 */
import { coveredMask } from '../profile/mediaType';
import { getOwn, setOwn } from '../profile/safeRecord';
import type { CompiledProfile, Lockfile } from '../types';
import { buildLockfile } from './buildLockfile';
import { PinError } from './errors';

export interface AcceptBreakingInput {
  lock: Lockfile;
  profile: CompiledProfile;
  cardDigest: string;
  now: () => Date;
}

export function pinWhatIsOffered({ lock, profile, cardDigest, now }: AcceptBreakingInput): Lockfile {
  const pinned = lock.requires.skills ?? {};
  const offered = profile.usable ? (profile.skills ?? {}) : {};
  const perSkill: Record<string, { input: string[]; output: string[] }> = {};
  const skills: string[] = [];
  for (const id of Object.keys(pinned)) {
    const current = getOwn(offered, id);
    if (!current) continue;
    const want = getOwn(pinned, id);
    skills.push(id);
    setOwn(perSkill, id, {
      input: stillCovered(current.input, want?.input ?? []),
      output: stillCovered(current.output, want?.output ?? []),
    });
  }
  if (skills.length === 0)
    throw new PinError(
      "the agent offers none of the pinned skills any more; nothing is left to pin: pin a new selection with 'a2acap pin'",
    );
  const next = buildLockfile({
    profile,
    cardDigest,
    agentUrl: lock.agent,
    now,
    selection: {
      skills,
      perSkill,
      streaming: lock.requires.streaming === true && profile.streaming === true,
      extensions: (lock.requires.extensions ?? []).filter((uri) => (profile.extensions ?? []).includes(uri)),
    },
  });
  if (lock.$schema !== undefined) next.$schema = lock.$schema;
  // Where the agent was found stays recorded: the next check resolves it through the same catalog entry.
  if (lock.found_via) next.found_via = lock.found_via;
  return next;
}

function stillCovered(offered: readonly string[], pinned: readonly string[]): string[] {
  const covered = coveredMask(offered, pinned);
  return pinned.filter((_, i) => covered(i));
}
