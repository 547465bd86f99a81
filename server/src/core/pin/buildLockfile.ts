/**
 * Pinning: from what an agent offers now (its compiled profile) and what a workflow uses (the selection)
 * to a lockfile that records ONLY that subset. Everything the agent offers beyond it may change freely
 * without a check failing; everything in it is a promise the check will hold the agent to.
 */
import { LOCKFILE_VERSION } from '../lockfile/format';
import type { CompiledProfile, Evidence, Lockfile, SkillProfile } from '../types';
import { q, qList } from '../lockfile/check';
import { PinError } from './errors';
import { anyCovers } from '../profile/mediaType';
import { getOwn, setOwn } from '../profile/safeRecord';
import { sortedSet } from './sortedSet';

/** What the workflow needs from the agent. Media types apply to every selected skill. */
export interface PinSelection {
  skills: string[];
  /**
   * Media types the workflow will SEND. Omitted or empty: every input mode the skill accepts now
   * (the conservative choice: the check then fails if any of them is dropped).
   */
  input?: string[];
  /** Media types the workflow can CONSUME (any one suffices). Omitted or empty: every output mode the skill offers now. */
  output?: string[];
  streaming?: boolean;
  /** Extension URIs the workflow relies on (they must be declared by the card and known to the client). */
  extensions?: string[];
  /** Per-skill modes, overriding `input`/`output` for that skill (re-pinning keeps each skill's own). */
  perSkill?: Record<string, { input?: string[]; output?: string[] }>;
}

export interface PinInput {
  profile: CompiledProfile;
  /** `sha256:<hex>` of the card (see core/card/digest.ts); computed by the caller so this stays a pure function. */
  cardDigest: string;
  /** Where the card was read from: the URL a refresh will fetch again. */
  agentUrl: string;
  selection: PinSelection;
  /** Probe evidence per claim (e.g. `streaming`, `skills.quote.input.text/plain`). */
  evidence?: Record<string, Evidence>;
  /** Injected clock, so tests and re-pins are deterministic. */
  now: () => Date;
}

export function buildLockfile(input: PinInput): Lockfile {
  const { profile, selection } = input;
  if (!profile.usable)
    throw new PinError(`the agent cannot be used by this client: ${profile.reason ?? 'no reason given'}`, {
      ours: 'the agent cannot be used by this client',
      cardText: profile.reason ?? 'no reason given',
    });
  if (selection.skills.length === 0) throw new PinError('select at least one skill to pin');
  const offered = profile.skills ?? {};

  const skills: NonNullable<Lockfile['requires']['skills']> = {};
  for (const id of sortedSet(selection.skills)) {
    const skill = getOwn(offered, id);
    if (!skill) {
      const ids = Object.keys(offered).sort();
      throw new PinError(`unknown skill ${q(id)}; the card offers: ${qList(ids)}`, {
        ours: `unknown skill ${q(id)}`,
        offered: { what: 'skills', values: ids },
      });
    }
    setOwn(skills, id, pinSkill(id, skill, selection));
  }

  const requires: Lockfile['requires'] = { skills };
  if (selection.streaming) {
    if (!profile.streaming)
      throw new PinError('the workflow needs streaming but the card does not declare capabilities.streaming');
    requires.streaming = true;
  }
  const extensions = sortedSet(selection.extensions ?? []);
  for (const uri of extensions) {
    if (!(profile.extensions ?? []).includes(uri)) {
      throw new PinError(`extension ${q(uri)} is not declared by the card (or not known to this client)`);
    }
  }
  requires.extensions = extensions;

  const lock: Lockfile = {
    lockfile_version: LOCKFILE_VERSION,
    agent: input.agentUrl,
    pinned_at: input.now().toISOString(),
    card_digest: input.cardDigest,
    requires,
  };
  if (profile.agent_version !== undefined) lock.agent_version = profile.agent_version;
  if (profile.interface) lock.interface = { binding: profile.interface.binding, version: profile.interface.version };
  if (input.evidence && Object.keys(input.evidence).length > 0) lock.verified = { ...input.evidence };
  return lock;
}

type PinnedSkill = NonNullable<Lockfile['requires']['skills']>[string];

function pinSkill(id: string, skill: SkillProfile, selection: PinSelection): PinnedSkill {
  const own = getOwn(selection.perSkill, id);
  const input = pickModes(id, 'input', skill.input, own?.input ?? selection.input);
  const output = pickModes(id, 'output', skill.output, own?.output ?? selection.output);
  const pinned: PinnedSkill = { input, output };
  const security = pinSecurity(skill);
  if (security.scheme !== undefined) pinned.scheme = security.scheme;
  if (security.scopes.length > 0) pinned.scopes = security.scopes;
  return pinned;
}

function pickModes(
  skillId: string,
  direction: 'input' | 'output',
  offered: readonly string[],
  wanted: string[] | undefined,
): string[] {
  if (!wanted || wanted.length === 0) return sortedSet(offered);
  for (const type of wanted) {
    if (!anyCovers(offered, type)) {
      const verb = direction === 'input' ? 'accept' : 'produce';
      throw new PinError(`skill ${q(skillId)} does not ${verb} ${q(type)} (it ${verb}s: ${qList(offered)})`, {
        ours: `skill ${q(skillId)} does not ${verb} ${q(type)}`,
        offered: { what: `media types it ${verb}s`, values: offered },
      });
    }
  }
  return sortedSet(wanted);
}

/**
 * The scopes a call will need. Alternatives are OR: a caller satisfies one of them, so the first
 * alternative is pinned (the card lists its preferred one first); inside it the scheme names are
 * sorted so the choice does not depend on JSON key order. Scopes are the union over that alternative.
 */
function pinSecurity(skill: SkillProfile): { scheme?: string; scopes: string[] } {
  const first = skill.security[0];
  if (!first) return { scopes: [] };
  const names = Object.keys(first).sort();
  if (names.length === 0) return { scopes: [] };
  return { scheme: names[0], scopes: sortedSet(names.flatMap((n) => first[n] ?? [])) };
}
