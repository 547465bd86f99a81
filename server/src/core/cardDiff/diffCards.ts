/**
 * Two cards compared without a lockfile (`a2acap diff OLD NEW`). The old card is pinned whole (every skill with
 * every mode it offers, its streaming, push, extended card and known extensions) and that lockfile is checked
 * against the new card: the classification is the lockfile check's own, item for item, never a second opinion.
 * Definition changes that ids hide (definitions.ts) are added in the same terms. The items and the profile diff
 * are then grouped per skill and for the agent.
 */
import { checkLockfile } from '../lockfile/check';
import { checkOptionsFor } from '../lockfile/checkOptions';
import { diffProfiles, type ProfileChange } from '../lockfile/diff';
import { LOCKFILE_VERSION } from '../lockfile/format';
import { pointerOf } from '../lockfile/pointer';
import { parsePointer } from '../pointer/range';
import { buildLockfile } from '../pin/buildLockfile';
import type { CheckItem, Classification, CompiledProfile, Lockfile } from '../types';
import { definitionChanges, type CardSide } from './definitions';

export interface DiffSide extends CardSide {
  digest: string;
}

/** What changed in one part of the card (a skill, or the agent as a whole) and how it affects a caller. */
export interface DiffSection {
  classification: Classification;
  /** Breaking and review items, most severe first (the lockfile check's items; pointers into the old card's pin). */
  problems: CheckItem[];
  notes: CheckItem[];
  /** The compiled profiles' differences in this part ("/skills/quote/input", …). */
  changes: ProfileChange[];
}

export interface CardDiff {
  classification: Classification;
  agent: DiffSection;
  /** Per skill id, every skill of either card that changed, in id order. */
  skills: Record<string, DiffSection>;
}

/**
 * `after.profile` must be the new card compiled for the client that compiled the old one, with the old card's
 * known extensions known (profileForLock with `pinEverything(before)`), as a lockfile check compiles it.
 */
export function diffCards(before: DiffSide, after: DiffSide): CardDiff {
  const lock = pinEverything(before);
  const check = checkLockfile(lock, after.profile, checkOptionsFor(after.card, after.digest, lock));
  const items = [...check.problems, ...definitionChanges(before, after), ...check.notes.map(betweenCards)];
  const changes = diffProfiles(before.profile, after.profile).changes;
  const sections = new Map<string, { items: CheckItem[]; changes: ProfileChange[] }>();
  const sectionOf = (skill: string | undefined) => {
    const key = skill === undefined ? '' : `skill:${skill}`;
    let section = sections.get(key);
    if (!section) sections.set(key, (section = { items: [], changes: [] }));
    return section;
  };
  for (const item of items) sectionOf(skillOfLockPointer(item.pointer)).items.push(item);
  for (const change of changes) sectionOf(skillOfProfilePointer(change.pointer)).changes.push(change);
  const skills: Record<string, DiffSection> = {};
  const ids = [...sections.keys()].filter((k) => k.startsWith('skill:')).map((k) => k.slice('skill:'.length));
  for (const id of ids.sort()) Object.defineProperty(skills, id, sectionValue(sections.get(`skill:${id}`)!));
  const agent = section(sections.get('') ?? { items: [], changes: [] });
  const all = [agent, ...Object.values(skills)];
  return { classification: worst(all.map((s) => s.classification)), agent, skills };
}

/** The lockfile a pin of everything the old card offers would write: what a caller of that card may rely on. */
export function pinEverything(side: DiffSide): Lockfile {
  const profile = side.profile;
  const ids = Object.keys(profile.skills ?? {});
  if (!profile.usable || ids.length === 0) {
    // Nothing to call: only the card-level promises remain (buildLockfile refuses an empty selection).
    const lock: Lockfile = {
      lockfile_version: LOCKFILE_VERSION,
      agent: '',
      pinned_at: new Date(0).toISOString(),
      card_digest: side.digest,
      requires: { skills: {}, extensions: profile.usable ? [...(profile.extensions ?? [])] : [] },
    };
    return withCapabilities(lock, profile);
  }
  const lock = buildLockfile({
    profile,
    cardDigest: side.digest,
    agentUrl: '',
    selection: { skills: ids, streaming: profile.streaming === true, extensions: profile.extensions ?? [] },
    now: () => new Date(0),
  });
  return withCapabilities(lock, profile);
}

function withCapabilities(lock: Lockfile, profile: CompiledProfile): Lockfile {
  if (profile.push === true) lock.requires.push = true;
  if (profile.extended_card === true) lock.requires.extended_card = true;
  return lock;
}

function sectionValue(part: { items: CheckItem[]; changes: ProfileChange[] }): PropertyDescriptor {
  return { value: section(part), enumerable: true, writable: true, configurable: true };
}

function section(part: { items: CheckItem[]; changes: ProfileChange[] }): DiffSection {
  const problems = part.items.filter((i) => i.level !== 'note');
  const severe = [...problems.filter((i) => i.level === 'breaking'), ...problems.filter((i) => i.level === 'review')];
  return {
    classification: worst(severe.map((i) => i.level as Classification)),
    problems: severe,
    notes: part.items.filter((i) => i.level === 'note'),
    changes: part.changes,
  };
}

const RANK: Record<Classification, number> = { compatible: 0, review: 1, breaking: 2 };

function worst(levels: readonly Classification[]): Classification {
  return levels.reduce<Classification>((a, b) => (RANK[b] > RANK[a] ? b : a), 'compatible');
}

/** /requires/skills/{id}/… → id. */
function skillOfLockPointer(pointer: string): string | undefined {
  const [requires, skills, id] = parsePointer(pointer);
  return requires === 'requires' && skills === 'skills' ? id : undefined;
}

/** /skills/{id}/… of the profile diff → id. */
function skillOfProfilePointer(pointer: string): string | undefined {
  const [skills, id] = parsePointer(pointer);
  return skills === 'skills' ? id : undefined;
}

/** The check's notes speak of a card and its pin; between two cards, a changed digest means only that they differ. */
function betweenCards(note: CheckItem): CheckItem {
  return note.pointer === pointerOf('card_digest')
    ? { ...note, message: 'the two cards differ (their digests differ)' }
    : note;
}
