/**
 * Simple shape checks as data, after Spectral's rulesets: which objects to look at, what is wrong with one, where
 * the finding goes and what it says. A rule whose check is only such entries is its table: `shapeCheck` walks.
 */
import { isObject } from '../document';
import { admit, finding, type Rule, type RuleContext, type RuleMeta, type SkillCheck } from './context';
import { objectItems, pointerTo, skillsOf, type At } from '../card/walk';
import type { Finding } from '../types';

type Obj = Record<string, unknown>;

/** The objects an entry looks at: the card's member at a path, every object in the array at a path, every skill. */
export type Given = { member: readonly string[] } | { each: readonly string[] } | 'skills';

export interface ShapeEntry {
  given: Given;
  /** True when the object has the problem. */
  when: (o: Obj) => boolean;
  /** The member of the object the finding is on (default: the object itself). */
  at?: string;
  /** The finding marks the member's name rather than its value. */
  target?: 'key';
  message: (o: At<Obj>) => string;
  data: (o: At<Obj>) => Record<string, unknown>;
}

function memberAt(card: Obj, path: readonly string[]): At<Obj> | undefined {
  let value: unknown = card;
  for (const key of path) value = isObject(value) ? value[key] : undefined;
  return isObject(value) ? { value, pointer: path.map((k) => pointerTo('', k)).join(''), index: 0 } : undefined;
}

function objectsOf(card: Obj, given: Given): readonly At<Obj>[] {
  if (given === 'skills') return skillsOf(card);
  if ('member' in given) {
    const at = memberAt(card, given.member);
    return at ? [at] : [];
  }
  const parent = given.each.slice(0, -1);
  const holder = parent.length === 0 ? card : memberAt(card, parent)?.value;
  const last = given.each[given.each.length - 1]!;
  return holder ? objectItems(holder[last], given.each.map((k) => pointerTo('', k)).join('')) : [];
}

/** The check of a rule made of shape entries: each object an entry looks at and finds wrong is one finding. */
export function shapeCheck(meta: RuleMeta, entries: readonly ShapeEntry[]): Rule {
  return (ctx) => {
    if (!isObject(ctx.value)) return [];
    const out: Finding[] = [];
    for (const entry of entries) {
      for (const o of objectsOf(ctx.value, entry.given)) shapeFinding(meta, entry, o, out, ctx);
    }
    return out;
  };
}

/** One object's finding for an entry, if it has the problem and the rule's budget admits it. */
function shapeFinding(meta: RuleMeta, entry: ShapeEntry, o: At<Obj>, out: Finding[], ctx: RuleContext): void {
  if (!entry.when(o.value) || !admit(ctx, out)) return;
  const pointer = entry.at === undefined ? o.pointer : pointerTo(o.pointer, entry.at);
  const extra = { data: entry.data(o), ...(entry.target ? { target: entry.target } : {}) };
  out.push(finding(meta, pointer, entry.message(o), extra));
}

/**
 * The per-skill check of a rule made of one shape entry that looks at skills, for lint's shared walk over the skills
 * (skillWalk.ts); skillRule of it is the rule's check.
 */
export function skillShapeCheck(meta: RuleMeta, entry: ShapeEntry & { given: 'skills' }): SkillCheck<true> {
  return {
    start: (ctx) => (isObject(ctx.value) ? true : undefined),
    skill: (_, skill, out, ctx) => shapeFinding(meta, entry, skill, out, ctx),
  };
}
