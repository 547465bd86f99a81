/**
 * indistinct-skills: two skills with the same or nearly the same name AND description. A planner chooses a skill
 * by those two texts; when they match, it cannot tell the skills apart and picks one at random (ids differ, or
 * duplicate-skill-id would say so). A hint on the later skill, naming the earlier one.
 *
 * Cost: names are compared pairwise only for cards of up to PAIRWISE_LIMIT skills; bigger cards are compared by
 * normalised name alone (one map), so a card of thousands of skills lints as fast as ever.
 */
import { editDistance } from '../nearName';
import { finding, quote, type Rule, type RuleDefinition, type RuleMeta } from './context';
import { skillsOf, type At } from './walk';
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

/** Case, spacing and punctuation do not tell skills apart for a planner. */
export function normalise(s: string): string {
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

interface Named {
  skill: At<Record<string, unknown>>;
  name: string;
  description: string;
}

function named(skill: At<Record<string, unknown>>): Named | undefined {
  const { name, description } = skill.value;
  if (typeof name !== 'string' || typeof description !== 'string') return undefined;
  const n = normalise(name.slice(0, 200));
  return n === ''
    ? undefined
    : { skill, name: n, description: normalise(description.slice(0, DESCRIPTION_PREFIX * 2)) };
}

/** Two skills with one id are duplicate-skill-id's. */
function sameId(a: Named, b: Named): boolean {
  return a.skill.value.id !== undefined && a.skill.value.id === b.skill.value.id;
}

export const indistinctSkills: Rule = ({ value }) => {
  const skills = skillsOf(value)
    .map(named)
    .filter((s): s is Named => s !== undefined);
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
  if (skills.length > PAIRWISE_LIMIT) {
    const firstByName = new Map<string, Named>();
    for (const s of skills) {
      const first = firstByName.get(s.name);
      if (!first) firstByName.set(s.name, s);
      else if (out.length < MAX_FINDINGS && !sameId(first, s) && nearDescription(first.description, s.description))
        report(s, first);
    }
    return out;
  }
  for (let j = 1; j < skills.length && out.length < MAX_FINDINGS; j++) {
    const later = skills[j];
    if (!later) continue;
    const earlier = skills
      .slice(0, j)
      .find(
        (e) => !sameId(e, later) && nearName(e.name, later.name) && nearDescription(e.description, later.description),
      );
    if (earlier) report(later, earlier);
  }
  return out;
};

export const rule: RuleDefinition = { meta, check: indistinctSkills };
