/**
 * skill-mode-narrows-default: a skill's non-empty inputModes / outputModes REPLACE the card defaults (proto comment:
 * "overriding the agent's defaults"), they do not add to them. When a default media type is left out, say plainly
 * that the skill does NOT accept (or produce) it: people read skill modes as additions.
 */
import { isObject } from '../document';
import { covers } from '../profile/mediaType';
import { finding, quote, Rule } from './context';
import { skillsOf } from './walk';
import type { Finding } from '../types';

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

const DIRECTIONS = [
  { direction: 'input', member: 'inputModes', defaults: 'defaultInputModes', verb: 'accept' },
  { direction: 'output', member: 'outputModes', defaults: 'defaultOutputModes', verb: 'produce' },
] as const;

export const skillModeNarrowsDefault: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const out: Finding[] = [];
  for (const d of DIRECTIONS) {
    const defaults = strings(value[d.defaults]);
    for (const skill of skillsOf(value)) {
      const modes = strings(skill.value[d.member]);
      if (modes.length === 0) continue;
      const dropped = defaults.filter((m) => !modes.includes(m) && !modes.some((own) => covers(own, m)));
      if (dropped.length === 0) continue;
      const list = dropped.join(', ');
      out.push(finding('skill-mode-narrows-default', `${skill.pointer}/${d.member}`,
        `Skill ${quote(skill.value.id)} does NOT ${d.verb} ${list}: its ${d.member} replace the card's ${d.defaults}, they do not add to them.`,
        { target: 'key', data: { skillId: skill.value.id, direction: d.direction, dropped, defaults, modes } }));
    }
  }
  return out;
};
