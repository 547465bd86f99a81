/**
 * The profile compiler: what a client with a given configuration can actually do with a card.
 *
 * Semantics (A2A §8.3.2, §3.3.4, proto comments on AgentSkill):
 * - interface: the first supported entry of `supportedInterfaces` (selectInterface.ts); none → unusable.
 *   Its version is reported as Major.Minor ("1.0.0" → "1.0": what goes into A2A-Version).
 * - a `required: true` extension the client does not know → unusable (the agent would answer
 *   ExtensionSupportRequiredError).
 * - capability flags: only a literal `true` is true; absent, false or any other value is false.
 * - skill modes: a non-empty `inputModes`/`outputModes` REPLACES the card defaults (it is not merged);
 *   defaults the skill leaves out are recorded as dropped in the provenance.
 * - skill security: a non-empty `securityRequirements` REPLACES the card's (OpenAPI operation-level
 *   reading; the spec states no rule). ASSUMPTION: an absent or EMPTY list on a skill inherits the card's;
 *   a skill cannot opt out of card-level security by writing []. This is the safe reading: the compiler
 *   never claims a skill is callable without credentials the card asks for.
 * - skills are keyed by `id`; a skill without a string id cannot be addressed and is skipped; with a
 *   duplicate id the first one wins (the `duplicate-skill-id` rule reports the rest).
 * - `extensions`: sorted, declared by the card AND known to the client.
 * The compiler never throws: anything that is not a card yields `usable: false` with a reason.
 */
import { isObject } from '../document';
import { DEFAULT_CLIENT } from '../types';
import type { ClientConfig, CompiledProfile, ProfileProvenance, SkillProfile, SkillProvenance } from '../types';
import { LazyModeIndex, uncovered } from './mediaType';
import { defineLazyMember } from './lazyMember';
import { setOwn, stringList } from './safeRecord';
import { hasRequirements, readRequirements, readSchemes } from './security';
import { describeOffered, selectInterface } from './selectInterface';
import { majorMinor } from './version';

interface Defaults {
  input: readonly string[];
  output: readonly string[];
  security: ReturnType<typeof readRequirements>;
  /** The default lists, indexed on first need (only when too long to compare pairwise; mediaType.ts). */
  inputIndex: LazyModeIndex;
  outputIndex: LazyModeIndex;
}

/**
 * The last card's defaults, kept until the next card compiles. V8 keeps a map (an object's shape) only while some
 * object has it, and discards optimized code that checks a map once the map is collected. The per-skill loop reads
 * the defaults, which otherwise live only while their card compiles: every garbage collection between two cards
 * then threw that loop's optimized code away (`--trace-deopt`: "weak objects" for compileSkill), and a big card
 * compiled mostly in unoptimized code. An object of the same shape made up front did not do (the maps of what its
 * fields hold count too).
 */
const lastDefaults: Defaults[] = [];

function flag(capabilities: unknown, name: string): boolean {
  return isObject(capabilities) && capabilities[name] === true;
}

export function declaredExtensions(capabilities: unknown): { uri: string; required: boolean }[] {
  if (!isObject(capabilities) || !Array.isArray(capabilities.extensions)) return [];
  return capabilities.extensions
    .filter(isObject)
    .filter((e) => typeof e.uri === 'string' && e.uri !== '')
    .map((e) => ({ uri: e.uri as string, required: e.required === true }));
}

/**
 * Most skills drop nothing: they share this one frozen list instead of an empty array each (big cards have
 * thousands of skills; every consumer of droppedInput/droppedOutput only reads it).
 */
const NOTHING_DROPPED: string[] = Object.freeze([]) as unknown as string[];

/** Dropped defaults kept per skill: enough to say what is lost; a card with 10,000 defaults must not cost 10,000 per skill. */
export const MAX_DROPPED = 50;

/** The defaults that none of the skill's own modes covers (the first MAX_DROPPED of them). */
function droppedDefaults(own: readonly string[], defaults: readonly string[], index: LazyModeIndex): string[] {
  return uncovered(own, defaults, index, MAX_DROPPED)?.first ?? NOTHING_DROPPED;
}

/** One skill's profile: what a client uses to call it. */
function skillProfile(skill: Record<string, unknown>, defaults: Defaults): SkillProfile {
  // A skill's non-empty modes replace the defaults; an empty or absent list inherits them.
  const ownInput = stringList(skill.inputModes);
  const ownOutput = stringList(skill.outputModes);
  // Lists are shared, not copied: with the card, and among the skills that inherit the defaults (all read-only).
  return {
    input: ownInput.length > 0 ? ownInput : defaults.input,
    output: ownOutput.length > 0 ? ownOutput : defaults.output,
    security: readRequirements(skill.securityRequirements) ?? defaults.security ?? [],
    tags: stringList(skill.tags),
  };
}

/** One skill's provenance: where each of its profile's values came from, and what its own modes drop. */
function skillProvenance(skill: Record<string, unknown>, defaults: Defaults, pointer: string): SkillProvenance {
  const ownInput = stringList(skill.inputModes);
  const ownOutput = stringList(skill.outputModes);
  const inputFromSkill = ownInput.length > 0;
  const outputFromSkill = ownOutput.length > 0;
  return {
    input: inputFromSkill ? 'skill' : 'defaults',
    output: outputFromSkill ? 'skill' : 'defaults',
    security: hasRequirements(skill.securityRequirements) ? 'skill' : defaults.security ? 'card' : 'none',
    droppedInput: inputFromSkill ? droppedDefaults(ownInput, defaults.input, defaults.inputIndex) : NOTHING_DROPPED,
    droppedOutput: outputFromSkill
      ? droppedDefaults(ownOutput, defaults.output, defaults.outputIndex)
      : NOTHING_DROPPED,
    pointer,
  };
}

/**
 * The skills a profile holds, in card order: a skill without a string id cannot be addressed and is skipped; with a
 * duplicate id the first one wins (the record holds exactly the ids seen so far). The two records are built by two
 * loops of this shape rather than one loop with a callback: each stays monomorphic, which V8 optimizes.
 */
function compileSkills(card: Record<string, unknown>, defaults: Defaults): Record<string, SkillProfile> {
  const record: Record<string, SkillProfile> = {};
  const list = Array.isArray(card.skills) ? card.skills : [];
  for (let index = 0; index < list.length; index++) {
    const skill: unknown = list[index];
    if (!isObject(skill) || typeof skill.id !== 'string') continue;
    if (Object.prototype.hasOwnProperty.call(record, skill.id)) continue;
    setOwn(record, skill.id, skillProfile(skill, defaults));
  }
  return record;
}

/**
 * The provenance of every skill, as a member built on its first read (lazyMember.ts): most callers of the compiler
 * (lint in the editor, every keystroke) never read it, and a big card has thousands of skills. It reads the card as
 * it is when first read; like the profile's shared lists, that relies on nobody changing a parsed card. The same
 * skills as compileSkills, in the same order.
 */
function skillProvenances(card: Record<string, unknown>, defaults: Defaults): Record<string, SkillProvenance> {
  const record: Record<string, SkillProvenance> = {};
  const list = Array.isArray(card.skills) ? card.skills : [];
  for (let index = 0; index < list.length; index++) {
    const skill: unknown = list[index];
    if (!isObject(skill) || typeof skill.id !== 'string') continue;
    if (Object.prototype.hasOwnProperty.call(record, skill.id)) continue;
    setOwn(record, skill.id, skillProvenance(skill, defaults, `/skills/${index}`));
  }
  return record;
}

function unusable(reason: string, provenance: ProfileProvenance): CompiledProfile {
  return { usable: false, reason, provenance };
}

export function compileProfile(card: unknown, client: ClientConfig = DEFAULT_CLIENT): CompiledProfile {
  try {
    return compileCard(card, client);
  } catch (err) {
    // Defence in depth: the compiler is written not to throw, but a profile is always returned.
    return unusable(`the card could not be compiled: ${err instanceof Error ? err.message : String(err)}`, {
      interfaces: [],
      skills: {},
      unknownExtensions: [],
    });
  }
}

function compileCard(card: unknown, client: ClientConfig): CompiledProfile {
  const emptyProvenance: ProfileProvenance = { interfaces: [], skills: {}, unknownExtensions: [] };
  if (!isObject(card)) {
    const what = Array.isArray(card) ? 'an array' : card === null ? 'null' : `a ${typeof card}`;
    return unusable(`the card is ${what}, not a JSON object`, emptyProvenance);
  }
  const selection = selectInterface(card.supportedInterfaces, client);
  const known = new Set(client.knownExtensions);
  const declared = declaredExtensions(card.capabilities);
  const unknownExtensions = declared.filter((e) => !known.has(e.uri));
  const input = stringList(card.defaultInputModes);
  const output = stringList(card.defaultOutputModes);
  const defaults: Defaults = {
    input,
    output,
    security: readRequirements(card.securityRequirements),
    inputIndex: new LazyModeIndex(input),
    outputIndex: new LazyModeIndex(output),
  };
  lastDefaults[0] = defaults;
  const skills = compileSkills(card, defaults);
  const provenance = { interfaces: selection.decisions } as ProfileProvenance;
  defineLazyMember(provenance, 'skills', () => skillProvenances(card, defaults));
  provenance.unknownExtensions = unknownExtensions;

  const reasons: string[] = [];
  if (selection.chosen < 0) {
    reasons.push(
      Array.isArray(card.supportedInterfaces)
        ? `no supported interface: the card offers ${describeOffered(selection.decisions)}; this client supports ${describeClient(client)}`
        : `no supported interface: the card has no supportedInterfaces list${typeof card.url === 'string' ? ' (it has a top-level url: an A2A 0.3-shaped card)' : ''}; this client supports ${describeClient(client)}`,
    );
  }
  for (const e of unknownExtensions.filter((x) => x.required)) {
    reasons.push(`the card requires extension ${e.uri}, which this client does not implement`);
  }
  if (reasons.length) return unusable(reasons.join('; '), provenance);

  const chosen = selection.decisions[selection.chosen];
  if (!chosen) return unusable('no interface was chosen', provenance);
  return {
    usable: true,
    agent_version: typeof card.version === 'string' ? card.version : '',
    // The version the client sends (A2A-Version) is Major.Minor; the raw value stays in provenance.
    interface: {
      url: chosen.url,
      binding: chosen.binding,
      version: majorMinor(chosen.version) ?? chosen.version,
      tenant: chosen.tenant,
    },
    streaming: flag(card.capabilities, 'streaming'),
    push: flag(card.capabilities, 'pushNotifications'),
    extended_card: flag(card.capabilities, 'extendedAgentCard'),
    extensions: [...new Set(declared.map((e) => e.uri).filter((uri) => known.has(uri)))].sort(),
    skills,
    schemes: readSchemes(card.securitySchemes),
    provenance,
  };
}

function describeClient(client: ClientConfig): string {
  return client.bindings.length ? client.bindings.map((b) => `${b.binding} ${b.version}`).join(', ') : 'no binding';
}
