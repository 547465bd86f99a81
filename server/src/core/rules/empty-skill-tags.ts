/** empty-skill-tags: tags are REQUIRED with at least one entry; an empty list makes the skill undiscoverable by tag. */
import { quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { PRICING_SKILL } from './examples';
import { skillShapeCheck } from './shape';
import { skillRule } from './skillWalk';
import { skillIdData } from '../card/walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'empty-skill-tags',
  defaultSeverity: 'error',
  title: 'A skill without tags',
  appliesTo: ['card'],
};

/** An array with no entries, or only blank strings (a loop, not every(): big cards have thousands of skills). */
function allBlank(tags: unknown): boolean {
  if (!Array.isArray(tags)) return false;
  for (let i = 0; i < tags.length; i++) {
    const t: unknown = tags[i];
    if (typeof t !== 'string' || t.trim() !== '') return false;
  }
  return true;
}

/** The check, as a shape entry, run per skill in lint's shared walk over the skills (skillWalk.ts). */
const eachSkill = skillShapeCheck(meta, {
  given: 'skills',
  when: (skill) => allBlank(skill.tags),
  at: 'tags',
  message: (skill) => `Skill ${quote(skill.value.id)} has no tags: tags are REQUIRED and need at least one keyword.`,
  data: (skill) => skillIdData(skill.value),
});

export const emptySkillTags: Rule = skillRule(eachSkill);

const docs: RuleDocs = {
  summary: 'A skill has an empty `tags` list; tags are REQUIRED with at least one keyword.',
  bad: '`{ "id": "pricing", "tags": [] }`',
  fix: '`{ "id": "pricing", "tags": ["pricing"] }`',
  quickFix: "the skill's `name` (preferred) or its `id` as the one tag.",
};

const examples: RuleExamples = {
  invalid: [
    { with: { skills: [{ ...PRICING_SKILL, tags: [] }] } },
    { with: { skills: [{ ...PRICING_SKILL, tags: [' '] }] } },
  ],
  valid: [{ with: { skills: [{ ...PRICING_SKILL, tags: ['pricing'] }] } }],
};

/** The schema's "tags is empty": this finding says it in the skill's terms. */
const supersedes = (f: Finding) => f.pointer;

export const rule: RuleDefinition = { meta, check: emptySkillTags, eachSkill, docs, examples, supersedes };
