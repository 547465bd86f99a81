/** duplicate-skill-id: skills are addressed by id; a second skill with the same id is unreachable (first one wins). */
import {
  admit,
  finding,
  quote,
  Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
} from './context';
import { PRICING_SKILL } from './examples';
import { skillsOf } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'duplicate-skill-id',
  defaultSeverity: 'error',
  title: 'Two skills share an id',
  appliesTo: ['card'],
};

export const duplicateSkillId: Rule = (ctx) => {
  const first = new Map<string, number>();
  const out: Finding[] = [];
  for (const skill of skillsOf(ctx.value)) {
    const id = skill.value.id;
    if (typeof id !== 'string') continue;
    const earlier = first.get(id);
    if (earlier === undefined) {
      first.set(id, skill.index);
      continue;
    }
    if (!admit(ctx, out)) continue;
    out.push(
      finding(
        meta,
        `${skill.pointer}/id`,
        `Skill id ${quote(id)} is already used by skills[${earlier}]: give this skill a unique id (clients will only ever see the first).`,
        { data: { id, firstIndex: earlier } },
      ),
    );
  }
  return out;
};

const docs: RuleDocs = {
  summary: 'Two skills share an `id`; clients address skills by id, so only the first is reachable.',
  bad: '`"skills": [ { "id": "pricing", … }, { "id": "pricing", … } ]`',
  fix: 'give each skill a unique id',
  quickFix:
    'rename the later id to the first free `<id>-2`, `<id>-3`, …; when the later skill is an exact copy of the first, also remove it.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        skills: [PRICING_SKILL, { ...PRICING_SKILL, name: 'Refunds', description: 'Refunds a booked itinerary.' }],
      },
    },
  ],
  valid: [
    {
      with: {
        skills: [
          PRICING_SKILL,
          { ...PRICING_SKILL, id: 'refunds', name: 'Refunds', description: 'Refunds a booked itinerary.' },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: duplicateSkillId, docs, examples };
