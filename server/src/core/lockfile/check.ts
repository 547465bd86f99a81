/**
 * The lockfile check: is what a workflow pinned still true of the agent's compiled profile?
 * It compares compiled profiles, never raw JSON, so key order, descriptions and examples never matter.
 *
 * Classification:
 * - breaking: the card is unusable; the lock needs streaming / push / the extended card and it is gone;
 *   a pinned extension is gone; a pinned skill is missing (or hidden from this caller); a pinned input
 *   mode is no longer accepted (wildcards count: "image/*" accepts "image/png"); none of the pinned
 *   output modes is offered any more (outputs are OR: the caller can read any one of them); a pinned
 *   scope is no longer requested by the skill's security requirements, or the pinned scheme is no longer
 *   accepted, no longer defined, or redefined as a kind without scopes (apiKey, http, mtls); the skill now
 *   needs scopes the lock does not hold (every alternative asks for one).
 * - review: the chosen interface binding or version changed; the agent version changed; the card changed and its
 *   text now carries cues aimed at the reading model (CheckOptions.textCues).
 * - compatible: everything else. Notes explain changes that do not affect calls (a pinned output mode
 *   dropped while another remains, security removed from a skill, the card digest changed).
 * Every item carries a JSON Pointer INTO THE LOCKFILE (e.g. /requires/skills/quote/input/0), so an editor
 * can mark that member and SARIF can point at it.
 */
import type { CheckItem, CheckResult, CompiledProfile, Lockfile, SecurityAlternative, SkillProfile } from '../types';
import { anyCovers, coveredMask, overlaps } from '../profile/mediaType';
import { getOwn } from '../profile/safeRecord';
import { sameVersion } from '../profile/version';
import { pointerOf } from './pointer';
import { RenameHints } from './renameHint';
import type { TextCue } from '../text/textCues';
import { someOf } from '../text/messageList';
import { visibleText } from '../text/untrustedText';

type RequiredSkill = NonNullable<Lockfile['requires']['skills']>[string];

export interface CheckOptions {
  /** Digest of the card the profile was compiled from (core/card/digest.ts); a difference becomes a note. */
  cardDigest?: string;
  /**
   * Cues in the card's text aimed at the model that reads it (textCues.ts). A card that
   * changed since the pin and now carries them is a change to review, however compatible its profile: card text
   * is untrusted input for the planner, and a compromised agent's first move is to rewrite it.
   */
  textCues?: readonly TextCue[];
}

/** Quotes an untrusted string for a message: JSON escaping keeps control characters out, hidden ones are made visible. */
export function q(value: string): string {
  return visibleText(JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value));
}

/** Items a message lists before "and N more": a message per problem must not copy a list the size of the card. */
export const MAX_LISTED = 10;

/** A list of untrusted strings for a message, each quoted by q(); "(none)" when empty; at most MAX_LISTED. */
export function qList(values: readonly string[]): string {
  return values.length ? someOf(values, { max: MAX_LISTED, format: q }) : '(none)';
}

class Items {
  readonly all: CheckItem[] = [];
  /** Every message shows the hidden characters of the card text it quotes, however it was put together. */
  add(level: CheckItem['level'], pointer: string, message: string): void {
    this.all.push({ level, pointer, message: visibleText(message) });
  }
}

const CAPABILITIES = [
  ['streaming', 'streaming', 'capabilities.streaming'],
  ['push', 'push notifications', 'capabilities.pushNotifications'],
  ['extended_card', 'the extended agent card', 'capabilities.extendedAgentCard'],
] as const;

function checkCapabilities(lock: Lockfile, profile: CompiledProfile, items: Items): void {
  for (const [key, what, member] of CAPABILITIES) {
    if (lock.requires[key] === true && profile[key] !== true) {
      items.add(
        'breaking',
        pointerOf('requires', key),
        `the lock needs ${what}, but the card no longer declares ${member}`,
      );
    }
  }
  (lock.requires.extensions ?? []).forEach((uri, i) => {
    if (!(profile.extensions ?? []).includes(uri)) {
      items.add(
        'breaking',
        pointerOf('requires', 'extensions', i),
        `extension ${q(uri)} is no longer declared by the card (or not known to this client)`,
      );
    }
  });
}

function checkInterface(lock: Lockfile, profile: CompiledProfile, items: Items): void {
  const now = profile.interface;
  if (lock.interface && now) {
    if (lock.interface.binding !== now.binding) {
      items.add(
        'review',
        pointerOf('interface', 'binding'),
        `the chosen interface binding changed: ${q(lock.interface.binding)} → ${q(now.binding)}`,
      );
    } else if (!sameVersion(lock.interface.version, now.version)) {
      items.add(
        'review',
        pointerOf('interface', 'version'),
        `the chosen interface version changed: ${q(lock.interface.version)} → ${q(now.version)}`,
      );
    }
  }
  if (
    lock.agent_version !== undefined &&
    profile.agent_version !== undefined &&
    lock.agent_version !== profile.agent_version
  ) {
    items.add(
      'review',
      pointerOf('agent_version'),
      `the agent version changed: ${q(lock.agent_version)} → ${q(profile.agent_version)}`,
    );
  }
}

function checkInput(id: string, pinned: string[], skill: SkillProfile, profile: CompiledProfile, items: Items): void {
  const provenance = getOwn(profile.provenance?.skills, id);
  const accepted = coveredMask(skill.input, pinned);
  pinned.forEach((mode, i) => {
    if (accepted(i)) return;
    const why =
      provenance?.input === 'skill' && anyCovers(provenance.droppedInput, mode)
        ? ' (its own inputModes replace the card defaults, which accept it)'
        : '';
    items.add(
      'breaking',
      pointerOf('requires', 'skills', id, 'input', i),
      `skill ${q(id)} no longer accepts ${q(mode)}${why}; it accepts ${qList(skill.input)}`,
    );
  });
}

function checkOutput(id: string, pinned: string[], skill: SkillProfile, items: Items): void {
  if (pinned.length === 0) return;
  const readable = pinned.map((mode) => skill.output.some((o) => overlaps(o, mode)));
  if (!readable.some(Boolean)) {
    items.add(
      'breaking',
      pointerOf('requires', 'skills', id, 'output'),
      `skill ${q(id)} offers none of the output modes the lock can read (${qList(pinned)}); it offers ${qList(skill.output)}`,
    );
    return;
  }
  pinned.forEach((mode, i) => {
    if (!readable[i])
      items.add(
        'note',
        pointerOf('requires', 'skills', id, 'output', i),
        `skill ${q(id)} no longer offers ${q(mode)}; another pinned output mode still is`,
      );
  });
}

/** Scopes an alternative asks for: of one scheme when the lock names it, else of all its schemes. */
function scopesAsked(alternative: SecurityAlternative, scheme: string | undefined): readonly string[] {
  if (scheme !== undefined) return getOwn(alternative, scheme) ?? [];
  return Object.keys(alternative).flatMap((name) => alternative[name] ?? []);
}

function describeSecurity(alternatives: readonly SecurityAlternative[]): string {
  const scopes = (list: readonly string[]): string => someOf(list, { max: MAX_LISTED, sep: ' ' });
  const shown = alternatives
    .slice(0, MAX_LISTED)
    .map((a) =>
      Object.keys(a)
        .slice(0, MAX_LISTED)
        .map((s) => `${q(s)}(${scopes(a[s] ?? [])})`)
        .join(' + '),
    )
    .join(' or ');
  return alternatives.length > MAX_LISTED ? `${shown} or ${alternatives.length - MAX_LISTED} more alternatives` : shown;
}

/** Scheme types whose requirements carry scopes (OAuth 2.0 scopes, OpenID Connect scopes). */
const SCOPED_TYPES = new Set(['oauth2', 'openIdConnect']);

/** The pinned scheme must still be defined, and still be a kind that takes the pinned scopes. */
function checkSchemeDefinition(id: string, pinned: RequiredSkill, profile: CompiledProfile, items: Items): boolean {
  const scheme = pinned.scheme;
  if (scheme === undefined) return true;
  const at = pointerOf('requires', 'skills', id, 'scheme');
  const definition = getOwn(profile.schemes, scheme);
  if (!definition) {
    items.add(
      'breaking',
      at,
      `scheme ${q(scheme)} of skill ${q(id)} is no longer defined in the card's securitySchemes`,
    );
    return false;
  }
  if ((pinned.scopes ?? []).length > 0 && definition.type !== 'unknown' && !SCOPED_TYPES.has(definition.type)) {
    items.add(
      'breaking',
      at,
      `scheme ${q(scheme)} of skill ${q(id)} is now of type ${definition.type}, which carries no scopes`,
    );
    return false;
  }
  return true;
}

function checkSecurity(id: string, pinned: RequiredSkill, skill: SkillProfile, items: Items): void {
  if (pinned.scopes === undefined && pinned.scheme === undefined) return;
  const at = ['requires', 'skills', id];
  if (skill.security.length === 0) {
    items.add(
      'note',
      pointerOf(...at, pinned.scopes ? 'scopes' : 'scheme'),
      `skill ${q(id)} no longer requires credentials`,
    );
    return;
  }
  const scheme = pinned.scheme;
  const relevant =
    scheme === undefined ? skill.security : skill.security.filter((a) => getOwn(a, scheme) !== undefined);
  if (relevant.length === 0) {
    items.add(
      'breaking',
      pointerOf(...at, 'scheme'),
      `skill ${q(id)} no longer accepts scheme ${q(scheme!)}; it asks for ${describeSecurity(skill.security)}`,
    );
    return;
  }
  const held = pinned.scopes ?? [];
  const asked = new Set(relevant.flatMap((a) => scopesAsked(a, scheme)));
  held.forEach((scope, i) => {
    if (!asked.has(scope))
      items.add(
        'breaking',
        pointerOf(...at, 'scopes', i),
        `skill ${q(id)} no longer requests scope ${q(scope)}; it asks for ${describeSecurity(relevant)}`,
      );
  });
  if (pinned.scopes === undefined) return;
  const heldSet = new Set(held);
  const missing = relevant.map((a) => scopesAsked(a, scheme).filter((s) => !heldSet.has(s)));
  if (missing.every((m) => m.length > 0)) {
    const fewest = missing.reduce((a, b) => (b.length < a.length ? b : a));
    items.add(
      'breaking',
      pointerOf(...at, 'scopes'),
      `skill ${q(id)} now needs scope(s) ${qList(fewest)}, which the lock does not hold`,
    );
  }
}

/** Pinned skills checked between two pauses of a paced check: a few milliseconds of work. */
export const SKILLS_PER_STEP = 200;

function* checkSkills(lock: Lockfile, profile: CompiledProfile, items: Items): Generator<void> {
  const pinned = lock.requires.skills ?? {};
  let hints: RenameHints | undefined;
  let checked = 0;
  for (const [id, want] of Object.entries(pinned)) {
    if (++checked % SKILLS_PER_STEP === 0) yield;
    const skill = getOwn(profile.skills, id);
    if (!skill) {
      // A rename defeats pinning by id: name the offered skill it most likely became, when one is that close.
      hints ??= new RenameHints(
        Object.keys(profile.skills ?? {}).filter((s) => !Object.prototype.hasOwnProperty.call(pinned, s)),
      );
      const renamed = hints.suggest(id);
      const hint = renamed !== undefined ? `; the card offers ${q(renamed)}: renamed?` : '';
      items.add(
        'breaking',
        pointerOf('requires', 'skills', id),
        `skill ${q(id)} is not offered by the card (removed or renamed, or only on an extended card this caller cannot see)${hint}`,
      );
      continue;
    }
    checkInput(id, want.input ?? [], skill, profile, items);
    checkOutput(id, want.output ?? [], skill, items);
    if (skill.security.length === 0 || checkSchemeDefinition(id, want, profile, items))
      checkSecurity(id, want, skill, items);
  }
}

function classify(items: readonly CheckItem[]): CheckResult['classification'] {
  if (items.some((i) => i.level === 'breaking')) return 'breaking';
  return items.some((i) => i.level === 'review') ? 'review' : 'compatible';
}

export function checkLockfile(lock: Lockfile, profile: CompiledProfile, options: CheckOptions = {}): CheckResult {
  const items = new Items();
  for (const _step of checkSteps(lock, profile, items)); // all steps at once
  return finish(lock, items, options);
}

/**
 * The same check, pausing between steps (`pause` resolves when the caller's other work has had its turn, and
 * rejects to abandon the check): a language server stays responsive while a lockfile of thousands of skills is
 * checked, and drops a check whose document changed.
 */
export async function checkLockfilePaced(
  lock: Lockfile,
  profile: CompiledProfile,
  options: CheckOptions,
  pause: () => Promise<void>,
): Promise<CheckResult> {
  const items = new Items();
  for (const _step of checkSteps(lock, profile, items)) await pause();
  return finish(lock, items, options);
}

function* checkSteps(lock: Lockfile, profile: CompiledProfile, items: Items): Generator<void> {
  if (!profile.usable) {
    items.add(
      'breaking',
      pointerOf('agent'),
      `the agent is no longer usable by this client: ${profile.reason ?? 'no reason given'}`,
    );
    return;
  }
  checkInterface(lock, profile, items);
  checkCapabilities(lock, profile, items);
  yield* checkSkills(lock, profile, items);
}

function finish(lock: Lockfile, items: Items, options: CheckOptions): CheckResult {
  if (options.cardDigest !== undefined && options.cardDigest.toLowerCase() !== lock.card_digest.toLowerCase()) {
    items.add('note', pointerOf('card_digest'), 'the card changed since it was pinned (its digest differs)');
    const cue = options.textCues?.[0];
    if (cue) {
      const more = options.textCues!.length > 1 ? ` (and ${options.textCues!.length - 1} more)` : '';
      const what =
        cue.kind === 'instruction'
          ? `an instruction aimed at the model that reads it (${cue.detail})`
          : cue.kind === 'selection'
            ? `text telling the model that selects agents to prefer this one (${cue.detail})`
            : cue.kind === 'spoofed-name'
              ? `a name written to pass for another (${cue.detail})`
              : `invisible or control characters (${cue.detail})`;
      items.add(
        'review',
        pointerOf('card_digest'),
        `the card changed, and its text holds ${what} at ${q(cue.pointer)}${more}: card text is untrusted input for the planner; review the change before adopting it`,
      );
    }
  }
  // Most severe first (breaking before review); lockfile order within a level.
  const problems = [
    ...items.all.filter((i) => i.level === 'breaking'),
    ...items.all.filter((i) => i.level === 'review'),
  ];
  const notes = items.all.filter((i) => i.level === 'note');
  return { classification: classify(problems), problems, notes };
}
