/**
 * a2a_profile — {source, bindings?, knownExtensions?, skill?, cursor?} → the compiled profile (what
 * `a2acap compile` prints, a page of skills at a time), the lint errors and warnings that matter for calling, the
 * evidence lockfiles under the roots record for the card, and the card's own text inside `untrusted`.
 */
import type { CompiledProfile, Finding } from '../../core/types';
import { clientFrom, cursorFrom, optionalString, requiredString, type Args } from '../args';
import { analyzeCard } from '../card';
import { clipped, clippedValues, listedValues, untrustedOf, visible, type Untrusted } from '../envelope';
import { LIMITS } from '../limits';
import { findLockfiles, pinnedLocation, readLockfileAt } from '../lockfileIndex';
import { displayPath } from '../shownPath';
import { ToolError } from '../toolError';
import type { ToolWorld } from '../world';
import { pageOf } from './page';

/** The profile with only the given skills (in skills and provenance), interfaces clipped to a page. */
export function profileFor(profile: CompiledProfile, skillIds: readonly string[]): CompiledProfile {
  const pick = <T>(record: Record<string, T> | undefined): Record<string, T> | undefined => {
    if (!record) return record;
    const out: Record<string, T> = {};
    for (const id of skillIds) {
      const value = Object.prototype.hasOwnProperty.call(record, id) ? record[id] : undefined;
      if (value !== undefined) out[id] = value;
    }
    return out;
  };
  const provenance = profile.provenance && {
    ...profile.provenance,
    interfaces: profile.provenance.interfaces.slice(0, LIMITS.skillsPerPage),
    skills: pick(profile.provenance.skills)!,
    unknownExtensions: profile.provenance.unknownExtensions.slice(0, LIMITS.skillsPerPage),
  };
  return {
    ...profile,
    ...(profile.skills ? { skills: pick(profile.skills) } : {}),
    ...(provenance ? { provenance } : {}),
  };
}

/**
 * A skill id the card does not offer to this client. The line says where the ids it does offer are: under
 * `untrusted` (the card chose them), never in the line itself.
 */
function unknownSkill(profile: CompiledProfile, skill: string): ToolError {
  const named = `the card has no usable skill ${JSON.stringify(visible(skill, 80))}`;
  if (!profile.usable)
    return new ToolError(`${named} (the agent is not usable by this client: see "reason" in a2a_profile)`);
  const listed = listedValues(Object.keys(profile.skills ?? {}));
  return new ToolError(
    `${named}; the card's ${listed.total} usable skill ids are listed under "untrusted"`,
    undefined,
    {
      skills: listed.values,
      skills_total: listed.total,
    },
  );
}

/** The skills a call covers: the one named, or a page of all of them. */
export function skillPage(
  profile: CompiledProfile,
  skill: string | undefined,
  start: number,
): { ids: string[]; total: number; next_cursor?: string } {
  // An unusable profile has no skills, but its provenance still says where each skill's values came from.
  const all = Object.keys(profile.skills ?? profile.provenance?.skills ?? {});
  if (skill !== undefined) {
    if (!Object.prototype.hasOwnProperty.call(profile.skills ?? {}, skill)) throw unknownSkill(profile, skill);
    return { ids: [skill], total: all.length };
  }
  const page = pageOf(all, start, LIMITS.skillsPerPage);
  return { ids: page.items, total: page.total, ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}) };
}

/** Errors and warnings (not infos or hints), without suspicious-text (that goes with the card text, in `untrusted`). */
function callingFindings(findings: readonly Finding[]) {
  const relevant = findings.filter(
    (f) => (f.severity === 'error' || f.severity === 'warning') && f.code !== 'suspicious-text',
  );
  return {
    errors: relevant.filter((f) => f.severity === 'error').length,
    warnings: relevant.filter((f) => f.severity === 'warning').length,
    findings: relevant.slice(0, LIMITS.findings).map((f) => ({
      code: f.code,
      severity: f.severity,
      pointer: clipped(f.pointer, LIMITS.valueChars),
      message: clipped(f.message.split('\n')[0] ?? '', LIMITS.untrustedChars),
    })),
  };
}

/** A lockfile's pinned skill ids, the first page of them (a lockfile may pin thousands). */
export function firstOf(skills: readonly string[]): { skills: string[]; skills_total: number } {
  return { skills: skills.slice(0, LIMITS.skillsPerPage), skills_total: skills.length };
}

/** What the lockfiles under the roots that pin this card record: pinned skills, digest, evidence. */
function lockfileEvidence(world: ToolWorld, location: string) {
  const found = findLockfiles(world);
  const out = [];
  for (const path of found.paths) {
    const read = readLockfileAt(world, path);
    if (!read.lock || pinnedLocation(read.lock, path) !== location) continue;
    const last = world.lastChecked.get(path);
    out.push(
      clippedValues({
        file: displayPath(world, path),
        pinned_at: read.lock.pinned_at,
        card_digest: read.lock.card_digest,
        ...firstOf(Object.keys(read.lock.requires.skills ?? {})),
        verified: Object.fromEntries(Object.entries(read.lock.verified ?? {}).slice(0, LIMITS.skillsPerPage)),
        ...(last ? { last_classification: last.classification, checked_at: last.at } : {}),
      }),
    );
    if (out.length >= LIMITS.lockfilesPerPage) break;
  }
  return out;
}

export interface ProfileResult {
  source: string;
  profile: CompiledProfile;
  skills_total: number;
  next_cursor?: string;
  lint: ReturnType<typeof callingFindings>;
  lockfiles: ReturnType<typeof lockfileEvidence>;
  untrusted: Untrusted;
}

export async function a2aProfile(world: ToolWorld, args: Args): Promise<ProfileResult> {
  const source = requiredString(args, 'source');
  const client = clientFrom(args);
  const skill = optionalString(args, 'skill');
  const start = cursorFrom(args);
  const analyzed = await analyzeCard(world, source, client);
  const page = skillPage(analyzed.profile, skill, start);
  return {
    source: displayPath(world, analyzed.location),
    profile: clippedValues(profileFor(analyzed.profile, page.ids)),
    skills_total: page.total,
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    lint: callingFindings(analyzed.findings),
    lockfiles: lockfileEvidence(world, analyzed.location),
    untrusted: untrustedOf(analyzed.card, analyzed.findings, page.ids),
  };
}
