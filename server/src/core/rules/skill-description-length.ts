/**
 * skill-description-length: a planner chooses and calls a skill by its description. Too short ("Search.") says
 * nothing to plan with; too long, and a planner reading many cards truncates or skips it. A hint; both limits are
 * settings (a2a.card.skillDescription.minLength / maxLength, `card.skillDescription` in .a2a/config.json), with
 * defaults tuned on real cards (core/lint.ts DEFAULT_CARD_SETTINGS). Lengths count characters (code points).
 */
import {
  admit,
  finding,
  type Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
  type SkillCheck,
} from './context';
import { skillRule } from './skillWalk';
import { PRICING_SKILL } from './examples';

export const meta: RuleMeta = {
  id: 'skill-description-length',
  defaultSeverity: 'hint',
  title: 'A skill description too short to plan with or too long for a planner to read',
  appliesTo: ['card'],
};

/** Code points, counted without building an array of a multi-megabyte string. */
function length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

type Limits = { minLength: number; maxLength: number };

/** Checked per skill in lint's shared walk over the skills (skillWalk.ts). */
const eachSkill: SkillCheck<Limits> = {
  start: (ctx) => ctx.settings.card.skillDescription,
  skill({ minLength, maxLength }, skill, out, ctx) {
    const d = skill.value.description;
    if (typeof d !== 'string') return;
    const trimmed = d.trim();
    // A code point is one or two UTF-16 units: a length in between the limits, counted either way, needs no count.
    if (trimmed.length >= 2 * minLength && trimmed.length <= maxLength) return;
    const n = length(trimmed);
    if ((n < minLength || n > maxLength) && !admit(ctx, out)) return;
    if (n < minLength) {
      out.push(
        finding(
          meta,
          `${skill.pointer}/description`,
          `This description is ${n} characters, under ${minLength}: too short for a planner to tell what the skill does, what it needs and what it returns. Say that in a sentence or two.`,
          { data: { length: n, minLength } },
        ),
      );
    } else if (n > maxLength) {
      out.push(
        finding(
          meta,
          `${skill.pointer}/description`,
          `This description is ${n} characters, over ${maxLength}: planners reading many skills truncate or skip text this long. Keep what a planner needs to choose the skill; move the rest to documentationUrl or examples.`,
          { data: { length: n, maxLength } },
        ),
      );
    }
  },
};

export const skillDescriptionLength: Rule = skillRule(eachSkill);

const docs: RuleDocs = {
  summary: [
    'A skill description shorter than 20 characters (too short to plan with) or longer than',
    '2,000 (planners reading many cards truncate or skip it). The limits are settings:',
    '`a2a.card.skillDescription.minLength` / `maxLength`, or `"card": {"skillDescription": {"minLength": …, "maxLength": …}}`',
    'in `.a2a/config.json`.',
  ],
  bad: '`"description": "Search."`',
  fix: '`"description": "Searches flights between two airports on a date; returns fares in EUR."`',
  quickFix: 'none.',
};

const examples: RuleExamples = {
  invalid: [{ with: { skills: [{ ...PRICING_SKILL, description: 'Search.' }] } }],
  valid: [
    {
      with: {
        skills: [
          { ...PRICING_SKILL, description: 'Searches flights between two airports on a date; returns fares in EUR.' },
        ],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: skillDescriptionLength, eachSkill, docs, examples };
