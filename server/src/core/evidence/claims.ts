/**
 * Claimed vs verified: each claim a card (or a lockfile) makes, next to the latest probe outcome about it.
 * The claims come from the compiled profile (or, without a card, from what the lockfile pins); evidence
 * about anything else (version negotiation, media types, extensions) is listed after them, so no probe
 * result is hidden because the card did not mention it.
 */
import type { CompiledProfile, Lockfile } from '../types';
import type { EvidenceRecord } from './store';
import { anyCovers } from '../profile/mediaType';
import { getOwn } from '../profile/safeRecord';
import { someOf } from '../text/messageList';

export type ClaimStatus = EvidenceRecord['outcome'] | 'unverified';

export interface EvidenceClaim {
  /** The probe that checks the claim, e.g. "streaming", "version", "media-type:image/png". */
  probe: string;
  label: string;
  /** What the card (or lockfile) says, in words. */
  claimed: string;
  status: ClaimStatus;
  detail?: string;
  at?: string;
  source?: EvidenceRecord['source'];
}

const yesNo = (v: boolean | undefined): string => (v === true ? 'yes' : 'no (absent or false)');
const needed = (v: boolean | undefined): string | undefined =>
  v === undefined ? undefined : v ? 'needed by the lockfile' : 'not needed';

function baseClaims(
  profile: CompiledProfile | undefined,
  lock: Lockfile | undefined,
): { probe: string; label: string; claimed: string }[] {
  if (profile?.usable) {
    const iface = profile.interface;
    return [
      {
        probe: 'version',
        label: 'Protocol version',
        claimed: iface ? `${iface.binding} ${iface.version}` : 'no usable interface',
      },
      { probe: 'streaming', label: 'Streaming', claimed: yesNo(profile.streaming) },
      { probe: 'push', label: 'Push notifications', claimed: yesNo(profile.push) },
      { probe: 'extended-card', label: 'Extended card', claimed: yesNo(profile.extended_card) },
    ];
  }
  if (!lock) return [];
  const out: { probe: string; label: string; claimed: string }[] = [];
  if (lock.interface)
    out.push({
      probe: 'version',
      label: 'Protocol version',
      claimed: `${lock.interface.binding} ${lock.interface.version} (pinned)`,
    });
  const flags = [
    ['streaming', 'Streaming', lock.requires.streaming],
    ['push', 'Push notifications', lock.requires.push],
    ['extended-card', 'Extended card', lock.requires.extended_card],
  ] as const;
  for (const [probe, label, value] of flags) {
    const text = needed(value);
    if (text) out.push({ probe, label, claimed: text });
  }
  return out;
}

function labelOf(probe: string): string {
  if (probe.startsWith('media-type:')) return `Accepts ${probe.slice('media-type:'.length)}`;
  if (probe.startsWith('extension:')) return `Extension ${probe.slice('extension:'.length)}`;
  if (probe.startsWith('transport-security:'))
    return `Transport security of ${probe.slice('transport-security:'.length)}`;
  if (probe === 'version-negotiation') return 'Version negotiation';
  if (probe === 'version-default') return 'Request without A2A-Version';
  if (probe === 'card-media-type') return 'Card media type';
  if (probe === 'card-cache-control') return 'Card caching';
  if (probe === 'card-revalidation') return 'Card revalidation';
  if (probe === 'card') return 'Card';
  return probe;
}

/** The media types a lockfile's workflow sends: each is a claim that the skill accepts it (probe media-type:X). */
function mediaTypeClaims(
  profile: CompiledProfile | undefined,
  lock: Lockfile | undefined,
): { probe: string; label: string; claimed: string }[] {
  const bySkill = new Map<string, string[]>();
  for (const [id, s] of Object.entries(lock?.requires.skills ?? {})) {
    for (const type of s.input ?? []) {
      // Appended in place: a copy per skill would be quadratic in the skills sending one type.
      const skills = bySkill.get(type);
      if (skills) skills.push(id);
      else bySkill.set(type, [id]);
    }
  }
  return [...bySkill.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, skills]) => {
      // Same semantics as the lockfile check: own members only (a skill id like "constructor" is data), and a
      // wildcard input mode (image/*) accepts the concrete type.
      const accepted = skills.filter((id) => {
        const skill = getOwn(profile?.skills, id);
        return skill !== undefined && anyCovers(skill.input, type);
      });
      const acceptedSet = new Set(accepted);
      const claimed = !profile?.usable
        ? `sent to ${someOf(skills)}`
        : accepted.length === skills.length
          ? `accepted by ${someOf(skills)}`
          : `NOT accepted by ${someOf(skills.filter((id) => !acceptedSet.has(id)))}`;
      return { probe: `media-type:${type}`, label: `Accepts ${type}`, claimed };
    });
}

export function claimsWithEvidence(
  profile: CompiledProfile | undefined,
  lock: Lockfile | undefined,
  evidence: readonly EvidenceRecord[],
): EvidenceClaim[] {
  const byProbe = new Map(evidence.map((e) => [e.probe, e]));
  const claims: EvidenceClaim[] = [...baseClaims(profile, lock), ...mediaTypeClaims(profile, lock)].map((c) =>
    withEvidence(c, byProbe.get(c.probe)),
  );
  const listed = new Set(claims.map((c) => c.probe));
  for (const e of evidence) {
    if (!listed.has(e.probe))
      claims.push(
        withEvidence({ probe: e.probe, label: labelOf(e.probe), claimed: e.claim || 'claimed by the card' }, e),
      );
  }
  return claims;
}

function withEvidence(
  c: { probe: string; label: string; claimed: string },
  e: EvidenceRecord | undefined,
): EvidenceClaim {
  if (!e) return { ...c, status: 'unverified' };
  return {
    ...c,
    status: e.outcome,
    detail: e.claim && e.detail ? `${e.claim}: ${e.detail}` : e.detail || e.claim,
    at: e.at,
    source: e.source,
  };
}
