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
import { forEachRepeat } from '../card/repeats';
import { skillsOf } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'duplicate-skill-id',
  defaultSeverity: 'error',
  title: 'Two skills share an id',
  appliesTo: ['card'],
};

export const duplicateSkillId: Rule = (ctx) => {
  const out: Finding[] = [];
  const skills = skillsOf(ctx.value);
  const idAt = (i: number) => {
    const id = skills[i]?.value.id;
    return typeof id === 'string' ? id : undefined;
  };
  forEachRepeat(skills.length, idAt, (index, first) => {
    const skill = skills[index];
    const earlier = skills[first];
    if (!skill || !earlier || !admit(ctx, out)) return;
    const id = idAt(index) ?? '';
    out.push(
      finding(
        meta,
        `${skill.pointer}/id`,
        `Skill id ${quote(id)} is already used by skills[${earlier.index}]: give this skill a unique id (clients will only ever see the first).`,
        { data: { id, firstIndex: earlier.index } },
      ),
    );
  });
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
