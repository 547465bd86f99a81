/**
 * indistinct-skills: two skills with the same or nearly the same name AND description. A planner chooses a skill
 * by those two texts; when they match, it cannot tell the skills apart and picks one at random (ids differ, or
 * duplicate-skill-id would say so). A hint on the later skill, naming the earlier one.
 *
 * Cost: names are compared pairwise only for cards of up to PAIRWISE_LIMIT skills; bigger cards are compared by
 * normalised name alone (one map), so a card of thousands of skills lints as fast as ever.
 */
import { editDistance } from '../text/nearName';
import {
  finding,
  quote,
  type Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';
import { PRICING_SKILL } from './examples';
import { forEachRepeatOf } from '../card/repeats';
import { skillsOf, type At } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'indistinct-skills',
  defaultSeverity: 'hint',
  title: 'Two skills with the same or nearly the same name and description',
  appliesTo: ['card'],
};

const PAIRWISE_LIMIT = 200;
const MAX_FINDINGS = 50;
/** Descriptions longer than this are compared by their first this-many characters. */
const DESCRIPTION_PREFIX = 1000;

/** Words of ASCII letters and digits separated by single spaces: already normal but for case. */
const PLAIN = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

/** Case, spacing and punctuation do not tell skills apart for a planner. */
export function normalise(s: string): string {
  // Most names are plain; the Unicode-aware replace costs far more than the test that skips it.
  if (PLAIN.test(s)) return s.toLowerCase();
  return s
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();
}

/** Names within 1 edit (2 for longer names); descriptions within a twentieth of their length. */
function nearName(a: string, b: string): boolean {
  if (a === b) return true;
  const cap = Math.min(a.length, b.length) >= 10 ? 2 : 1;
  return Math.min(a.length, b.length) >= 4 && editDistance(a, b, cap) <= cap;
}

function nearDescription(a: string, b: string): boolean {
  if (a === b) return true;
  const cap = Math.min(20, Math.floor(Math.min(a.length, b.length) / 20));
  return cap > 0 && editDistance(a.slice(0, DESCRIPTION_PREFIX), b.slice(0, DESCRIPTION_PREFIX), cap) <= cap;
}

/**
 * A hash of a normalised name with ASCII letters folded to lowercase: a plain name hashes like its normal form.
 * 31 bits: -1 says "no hash" (plainHash).
 */
function foldedHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 1;
}

const SPACE = 32;

/**
 * foldedHash of a PLAIN name, found in the same pass that tells it is plain; -1 for a name that is not plain (it
 * must be normalised first). Thousands of names cost one loop each, no regex and no object.
 */
function plainHash(s: string): number {
  let h = 0x811c9dc5;
  let afterSpace = true; // a leading space is not plain
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c === SPACE) {
      if (afterSpace) return -1;
      afterSpace = true;
    } else {
      if (c >= 65 && c <= 90) c += 32;
      else if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return -1;
      afterSpace = false;
    }
    h = Math.imul(h ^ c, 0x01000193);
  }
  return afterSpace ? -1 : h >>> 1;
}

/** The hash of a skill's normalised name, or -1 when the skill has no name and description to compare. */
function nameHash(skill: At<Record<string, unknown>>): number {
  const { name, description } = skill.value;
  if (typeof name !== 'string' || typeof description !== 'string') return -1;
  const raw = name.length > 200 ? name.slice(0, 200) : name;
  const plain = plainHash(raw);
  if (plain !== -1) return plain;
  const n = normalise(raw);
  return n === '' ? -1 : foldedHash(n);
}

/**
 * A skill's name and description as compared. The normalised name and description are made only when needed: on a
 * card of thousands of distinct plain names, never (and big cards make a Named only on a hash match).
 */
class Named {
  private normalName: string | undefined;
  private normalDescription: string | undefined;

  constructor(
    readonly skill: At<Record<string, unknown>>,
    private readonly rawName: string,
    private readonly rawDescription: string,
    normalName: string | undefined,
  ) {
    this.normalName = normalName;
  }

  get name(): string {
    return (this.normalName ??= this.rawName.toLowerCase());
  }

  get description(): string {
    return (this.normalDescription ??= normalise(this.rawDescription.slice(0, DESCRIPTION_PREFIX * 2)));
  }
}

function named(skill: At<Record<string, unknown>>): Named | undefined {
  const { name, description } = skill.value;
  if (typeof name !== 'string' || typeof description !== 'string') return undefined;
  const raw = name.slice(0, 200);
  if (PLAIN.test(raw)) return new Named(skill, raw, description, undefined);
  const n = normalise(raw);
  return n === '' ? undefined : new Named(skill, raw, description, n);
}

/**
 * Calls `visit(later, first)` for every skill whose normalised name an earlier skill has, with the first skill of
 * that name, until it returns false. `hashes[i]`: nameHash of `skills[i]`. A table of hashes instead of a map of name
 * strings, and a skill's Named made only on a hash match: on big cards these were most of the rule's time.
 */
function sameNames(
  skills: readonly At<Record<string, unknown>>[],
  hashes: Int32Array,
  visit: (later: Named, first: Named) => boolean,
): void {
  const made: (Named | undefined)[] = [];
  const namedAt = (i: number): Named | undefined => {
    const skill = skills[i];
    return (made[i] ??= skill && named(skill));
  };
  forEachRepeatOf(
    skills.length,
    (i) => (hashes[i] === -1 ? undefined : hashes[i]),
    (i, earlier) => {
      const first = namedAt(earlier);
      const later = namedAt(i);
      return first !== undefined && later !== undefined && first.name === later.name;
    },
    (i, first) => visit(namedAt(i)!, namedAt(first)!),
  );
}

/** Two skills with one id are duplicate-skill-id's. */
function sameId(a: Named, b: Named): boolean {
  return a.skill.value.id !== undefined && a.skill.value.id === b.skill.value.id;
}

/** The earliest of `skills[0..end)` that a planner cannot tell from `later`. */
function indistinctBefore(skills: readonly Named[], end: number, later: Named): Named | undefined {
  for (let i = 0; i < end; i++) {
    const e = skills[i];
    if (e && !sameId(e, later) && nearName(e.name, later.name) && nearDescription(e.description, later.description))
      return e;
  }
  return undefined;
}

export const indistinctSkills: Rule = ({ value }) => {
  const all = skillsOf(value);
  const hashes = new Int32Array(all.length);
  let comparable = 0;
  for (let i = 0; i < all.length; i++) {
    const skill = all[i];
    const h = skill ? nameHash(skill) : -1;
    hashes[i] = h;
    if (h !== -1) comparable++;
  }
  const out: Finding[] = [];
  const report = (later: Named, earlier: Named) =>
    out.push(
      finding(
        meta,
        `${later.skill.pointer}/name`,
        `This skill has the same or nearly the same name and description as the skill at ${earlier.skill.pointer} (${quote(earlier.skill.value.name)}): a planner cannot tell them apart. Say what each does differently, or merge them.`,
        { data: { other: earlier.skill.pointer } },
      ),
    );
  if (comparable > PAIRWISE_LIMIT) {
    sameNames(all, hashes, (later, first) => {
      if (!sameId(first, later) && nearDescription(first.description, later.description)) report(later, first);
      return out.length < MAX_FINDINGS;
    });
    return out;
  }
  const skills: Named[] = [];
  for (const skill of all) {
    const n = named(skill);
    if (n) skills.push(n);
  }
  for (let j = 1; j < skills.length && out.length < MAX_FINDINGS; j++) {
    const later = skills[j];
    if (!later) continue;
    const earlier = indistinctBefore(skills, j, later);
    if (earlier) report(later, earlier);
  }
  return out;
};

const docs: RuleDocs = {
  summary: [
    'Two skills with the same or nearly the same name (case, spacing and punctuation aside; a',
    "typo's distance) and the same or nearly the same description: a planner cannot tell them apart. Reported on the later",
    'skill, naming the earlier one. Cards with more than 200 skills are compared by name only.',
  ],
  bad: 'skills `"Itinerary pricing"` and `"Itinerary Pricing!"`, both `"Prices an itinerary for a traveller."`',
  fix: 'say what each does differently, or merge them.',
  quickFix: 'none.',
};

const examples: RuleExamples = {
  invalid: [{ with: { skills: [PRICING_SKILL, { ...PRICING_SKILL, id: 'pricing-2', name: 'Itinerary Pricing!' }] } }],
  valid: [
    {
      with: {
        skills: [
          PRICING_SKILL,
          { ...PRICING_SKILL, id: 'refunds', name: 'Refunds', description: 'Refunds a booked itinerary in full.' },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: indistinctSkills, docs, examples };
