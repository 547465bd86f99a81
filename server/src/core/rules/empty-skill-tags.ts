/** empty-skill-tags: tags are REQUIRED with at least one entry; an empty list makes the skill undiscoverable by tag. */
import { finding, quote, Rule } from './context';
import { skillsOf } from './walk';
import type { Finding } from '../types';

export const emptySkillTags: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const skill of skillsOf(value)) {
    const tags = skill.value.tags;
    const empty = Array.isArray(tags) && (tags.length === 0 || tags.every((t) => typeof t === 'string' && t.trim() === ''));
    if (!empty) continue;
    out.push(finding('empty-skill-tags', `${skill.pointer}/tags`,
      `Skill ${quote(skill.value.id)} has no tags: tags are REQUIRED and need at least one keyword.`,
      { data: { skillId: skill.value.id } }));
  }
  return out;
};
