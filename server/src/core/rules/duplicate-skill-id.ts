/** duplicate-skill-id: skills are addressed by id; a second skill with the same id is unreachable (first one wins). */
import { admit, finding, quote, Rule, type RuleDefinition, type RuleMeta } from './context';
import { skillsOf } from './walk';
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

export const rule: RuleDefinition = { meta, check: duplicateSkillId };
