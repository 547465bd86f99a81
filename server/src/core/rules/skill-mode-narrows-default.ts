/**
 * skill-mode-narrows-default: a skill's non-empty inputModes / outputModes REPLACE the card defaults (proto comment:
 * "overriding the agent's defaults"), they do not add to them. When a default media type is left out, say plainly
 * that the skill does NOT accept (or produce) it: people read skill modes as additions.
 */
import { isObject } from '../document';
import { LazyModeIndex, uncovered } from '../profile/mediaType';
import { stringsOf } from '../profile/safeRecord';
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
import { skillIdData, skillsOf } from '../card/walk';
import type { Finding } from '../types';
import { someOf } from '../text/messageList';

export const meta: RuleMeta = {
  id: 'skill-mode-narrows-default',
  defaultSeverity: 'info',
  title: "A skill's modes replace the card defaults and leave a default out",
  appliesTo: ['card'],
};

const DIRECTIONS = [
  { direction: 'input', member: 'inputModes', defaults: 'defaultInputModes', verb: 'accept' },
  { direction: 'output', member: 'outputModes', defaults: 'defaultOutputModes', verb: 'produce' },
] as const;

function hasString(list: unknown[]): boolean {
  for (let i = 0; i < list.length; i++) if (typeof list[i] === 'string') return true;
  return false;
}

/** Big cards have thousands of skills that drop nothing: they are checked in place, without copying their lists. */
export const skillModeNarrowsDefault: Rule = (ctx) => {
  const value = ctx.value;
  if (!isObject(value)) return [];
  const out: Finding[] = [];
  const skills = skillsOf(value);
  for (const d of DIRECTIONS) {
    const defaults = stringsOf(value[d.defaults]);
    if (defaults.length === 0) continue;
    const indexed = new LazyModeIndex(defaults);
    for (const skill of skills) {
      const own = skill.value[d.member];
      if (!Array.isArray(own) || !hasString(own)) continue;
      // Long lists go through the index of the defaults (mediaType.ts): a skill costs its own modes, not own × defaults.
      const dropped = uncovered(own, defaults, indexed, 10);
      if (dropped === undefined || !admit(ctx, out)) continue;
      // The message names a few; the data carries no card-sized lists (the quick fix reads the card itself).
      const list = someOf(dropped.first, { total: dropped.missing });
      out.push(
        finding(
          meta,
          `${skill.pointer}/${d.member}`,
          `Skill ${quote(skill.value.id)} does NOT ${d.verb} ${list}: its ${d.member} replace the card's ${d.defaults}, they do not add to them.`,
          {
            target: 'key',
            data: {
              ...skillIdData(skill.value),
              direction: d.direction,
              defaultsMember: d.defaults,
            },
          },
        ),
      );
    }
  }
  return out;
};

const docs: RuleDocs = {
  summary:
    "A skill's own `inputModes`/`outputModes` REPLACE the card defaults; this tells you plainly which default media types the skill does NOT accept (or produce).",
  bad: '`"defaultInputModes": ["text/plain", "application/json"], … "inputModes": ["application/json"]`',
  fix: 'list every media type the skill accepts: "inputModes": ["application/json", "text/plain"] (or accept the narrowing knowingly)',
  quickFix: '**Add the default modes this skill dropped** to its own list (only when that is what you meant).',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        defaultInputModes: ['text/plain', 'application/json'],
        skills: [{ ...PRICING_SKILL, inputModes: ['application/json'] }],
      },
    },
  ],
  valid: [
    {
      with: {
        defaultInputModes: ['text/plain', 'application/json'],
        skills: [{ ...PRICING_SKILL, inputModes: ['application/json', 'text/plain'] }],
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: skillModeNarrowsDefault, docs, examples };
