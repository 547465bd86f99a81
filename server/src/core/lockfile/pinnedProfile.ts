/**
 * The pinned side of a "pinned vs current" comparison: a lockfile's requirements in the shape of a
 * compiled profile, so both sides go through the same view and diff (diff.ts).
 *
 * A lock records only what the workflow relies on, so the pinned profile holds only that: the pinned
 * skills with their pinned modes, and security as one alternative of the pinned scheme's scopes
 * (scheme "*" when the lock names none). To compare like with like, `restrictToLock` reduces a current
 * profile to the same skills.
 */
import type { CompiledProfile, Lockfile, SecurityAlternative, SkillProfile } from '../types';
import { getOwn, setOwn } from '../profile/safeRecord';

/** Name used for the scheme of pinned scopes when the lock does not name one. */
export const ANY_SCHEME = '*';

export function profileFromLock(lock: Lockfile): CompiledProfile {
  const skills: Record<string, SkillProfile> = {};
  const pinned = lock.requires.skills ?? {};
  for (const [id, s] of Object.entries(pinned)) {
    const security: SecurityAlternative[] = [];
    if (s.scopes !== undefined || s.scheme !== undefined) {
      const alternative: SecurityAlternative = {};
      setOwn<readonly string[]>(alternative, s.scheme ?? ANY_SCHEME, [...(s.scopes ?? [])]);
      security.push(alternative);
    }
    setOwn(skills, id, { input: [...(s.input ?? [])], output: [...(s.output ?? [])], security, tags: [] });
  }
  const profile: CompiledProfile = {
    usable: true,
    streaming: lock.requires.streaming === true,
    push: lock.requires.push === true,
    extended_card: lock.requires.extended_card === true,
    extensions: [...(lock.requires.extensions ?? [])].sort(),
    skills,
  };
  if (lock.agent_version !== undefined) profile.agent_version = lock.agent_version;
  if (lock.interface)
    profile.interface = {
      url: lock.agent,
      binding: lock.interface.binding,
      version: lock.interface.version,
      tenant: null,
    };
  return profile;
}

/** The current profile reduced to the skills the lock pins (others are listed by id only). */
export function restrictToLock(
  profile: CompiledProfile,
  lock: Lockfile,
): CompiledProfile & { other_skills?: string[] } {
  if (!profile.usable || !profile.skills) return profile;
  const pinnedIds = Object.keys(lock.requires.skills ?? {});
  const skills: Record<string, SkillProfile> = {};
  for (const id of pinnedIds) {
    const skill = getOwn(profile.skills, id);
    if (skill) setOwn(skills, id, skill);
  }
  const other = Object.keys(profile.skills)
    .filter((id) => !pinnedIds.includes(id))
    .sort();
  return { ...profile, skills, other_skills: other };
}
