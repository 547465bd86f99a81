/**
 * An update's changes as a reviewer reads them: per skill (and for the agent as a whole), the structural changes
 * (what a call sends, receives or needs: modes, schemes, scopes, capabilities, the interface) apart from the
 * descriptive ones (the card's text changed, the agent's version). Built from the lockfile check's items and the
 * diff of the pinned and the current profile, both reduced to what the lockfile records.
 */
import type { ProfileChange } from '../lockfile/diff';
import { pointerOf } from '../lockfile/pointer';
import { parsePointer } from '../pointer/range';
import type { CheckItem } from '../types';

export interface ChangeEntry {
  /** The check's level, or `change` for a difference of the profiles that the check does not judge. */
  level: CheckItem['level'] | 'change';
  pointer: string;
  message: string;
  /** The lockfile it was found in, as the output names it. */
  lockfile: string;
}

export interface UpdateSection {
  structural: ChangeEntry[];
  descriptive: ChangeEntry[];
}

export interface UpdateChanges {
  agent: UpdateSection;
  /** Per skill id, in id order. */
  skills: Record<string, UpdateSection>;
}

export function emptyChanges(): UpdateChanges {
  return { agent: { structural: [], descriptive: [] }, skills: {} };
}

/** Adds one lockfile's check items and profile changes to `into`. */
export function addChanges(
  into: UpdateChanges,
  lockfile: string,
  items: readonly CheckItem[],
  changes: readonly ProfileChange[],
): void {
  for (const item of items)
    place(into, skillOfLockPointer(item.pointer), isDescriptiveItem(item), {
      level: item.level,
      pointer: item.pointer,
      message: item.message,
      lockfile,
    });
  for (const change of changes)
    place(into, skillOfProfilePointer(change.pointer), DESCRIPTIVE_PROFILE.has(change.pointer), {
      level: 'change',
      pointer: change.pointer,
      message: changeLine(change),
      lockfile,
    });
}

/** Skill sections in id order (own properties only: a skill id may be `__proto__`). */
export function sortedSkills(changes: UpdateChanges): [string, UpdateSection][] {
  return Object.keys(changes.skills)
    .sort()
    .map((id) => [id, changes.skills[id]!]);
}

function place(into: UpdateChanges, skill: string | undefined, descriptive: boolean, entry: ChangeEntry): void {
  let section = into.agent;
  if (skill !== undefined) {
    if (!Object.prototype.hasOwnProperty.call(into.skills, skill))
      Object.defineProperty(into.skills, skill, {
        value: { structural: [], descriptive: [] },
        enumerable: true,
        writable: true,
        configurable: true,
      });
    section = into.skills[skill]!;
  }
  (descriptive ? section.descriptive : section.structural).push(entry);
}

/** The card's digest changing says only that its bytes differ (descriptions, names): nothing a call depends on. */
function isDescriptiveItem(item: CheckItem): boolean {
  return item.level === 'note' && item.pointer === pointerOf('card_digest');
}

/** Profile members that describe the agent without changing a call. */
const DESCRIPTIVE_PROFILE = new Set(['/agent_version']);

const MAX_VALUE = 200;

function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? 'undefined';
  return json.length > MAX_VALUE ? `${json.slice(0, MAX_VALUE)}…` : json;
}

function changeLine(change: ProfileChange): string {
  const at = change.pointer || '/';
  if (change.kind === 'added') return `added ${at}: ${shown(change.after)}`;
  if (change.kind === 'removed') return `removed ${at}: ${shown(change.before)}`;
  return `changed ${at}: ${shown(change.before)} → ${shown(change.after)}`;
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
