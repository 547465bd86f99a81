/**
 * "Show diff" and `a2acap update`: the pinned profile next to the current one, BOTH reduced to what the
 * lockfile records (the pinned skills, their pinned modes, streaming/extensions only when pinned), so
 * the diff shows exactly the changes that matter to this workflow and nothing that is merely new or
 * never used. The current side is what a re-pin of the same selection would record, computed without
 * failing: a pinned input no longer accepted simply disappears from it, a missing skill is absent.
 */
import { diffProfiles, profileFromLock, profileView, type ProfileDiff } from '../lockfile';
import { coveredMask } from '../profile/mediaType';
import { getOwn, setOwn } from '../profile/safeRecord';
import type { CompiledProfile, Lockfile } from '../types';
import { sortedSet } from './sortedSet';

type PinnedSkills = NonNullable<Lockfile['requires']['skills']>;

/** The lockfile a re-pin of `lock`'s selection would give against `profile`, keeping only what still holds. */
export function projectToLock(lock: Lockfile, profile: CompiledProfile): Lockfile {
  const skills: PinnedSkills = {};
  for (const [id, pinned] of Object.entries(lock.requires.skills ?? {})) {
    const current = getOwn(profile.skills, id);
    if (!current) continue;
    const entry: PinnedSkills[string] = {
      input: sortedSet(stillCovered(current.input, pinned.input ?? [])),
      output: sortedSet(stillCovered(current.output, pinned.output ?? [])),
    };
    const first = current.security[0];
    if (first && Object.keys(first).length > 0) {
      const names = Object.keys(first).sort();
      entry.scheme = names[0];
      entry.scopes = sortedSet(names.flatMap((n) => first[n] ?? []));
    }
    setOwn(skills, id, entry);
  }
  const requires: Lockfile['requires'] = {
    skills,
    extensions: (lock.requires.extensions ?? []).filter((uri) => (profile.extensions ?? []).includes(uri)),
  };
  for (const flag of ['streaming', 'push', 'extended_card'] as const) {
    if (lock.requires[flag] === true) requires[flag] = profile[flag] === true;
  }
  const projected: Lockfile = { agent: lock.agent, pinned_at: lock.pinned_at, card_digest: lock.card_digest, requires };
  if (profile.agent_version !== undefined) projected.agent_version = profile.agent_version;
  if (profile.interface)
    projected.interface = { binding: profile.interface.binding, version: profile.interface.version };
  return projected;
}

export interface PinnedVsCurrent {
  /** Stable, pretty JSON of each side (for a side-by-side editor). */
  pinned: string;
  current: string;
  diff: ProfileDiff;
}

export function pinnedVsCurrent(lock: Lockfile, profile: CompiledProfile): PinnedVsCurrent {
  const pinned = profileFromLock(lock);
  const current: CompiledProfile = profile.usable
    ? profileFromLock(projectToLock(lock, profile))
    : { usable: false, reason: profile.reason };
  return {
    pinned: renderSide(pinned, lock.agent),
    current: renderSide(current, lock.agent),
    diff: diffProfiles(pinned, current),
  };
}

/**
 * One side as stable JSON. The lockfile records the agent's CARD location and the interface's binding and
 * version, not the interface's endpoint: the card location is shown as `agent`, never as an interface URL.
 */
function renderSide(profile: CompiledProfile, agent: string): string {
  const view = profileView(profile);
  if (view.interface !== null && typeof view.interface === 'object') {
    const { url: _cardUrl, tenant: _tenant, ...rest } = view.interface as Record<string, unknown>;
    view.interface = rest;
  }
  return `${JSON.stringify({ agent, ...view }, null, 2)}\n`;
}

function stillCovered(offered: readonly string[], pinned: readonly string[]): string[] {
  const covered = coveredMask(offered, pinned);
  return pinned.filter((_, i) => covered(i));
}
