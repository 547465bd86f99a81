/**
 * skill-mode-narrows-default: a skill's non-empty inputModes / outputModes REPLACE the card defaults (proto comment:
 * "overriding the agent's defaults"), they do not add to them. When a default media type is left out, say plainly
 * that the skill does NOT accept (or produce) it: people read skill modes as additions.
 */
import { isObject } from '../document';
import { covers, indexModes, type ModeIndex } from '../profile/mediaType';
import { stringsOf } from '../profile/safeRecord';
import { finding, quote, Rule } from './context';
import { skillsOf } from './walk';
import type { Finding } from '../types';

/** Comparing every own mode with every default is fine for the lists real cards have; longer ones are indexed. */
const PAIRWISE_LIMIT = 256;

const DIRECTIONS = [
  { direction: 'input', member: 'inputModes', defaults: 'defaultInputModes', verb: 'accept' },
  { direction: 'output', member: 'outputModes', defaults: 'defaultOutputModes', verb: 'produce' },
] as const;

/** True when one of the string items of `modes` is or covers `mode` (exact matches first: they are the rule). */
function anyStringCovers(modes: unknown[], mode: string): boolean {
  for (let i = 0; i < modes.length; i++) if (modes[i] === mode) return true;
  for (let i = 0; i < modes.length; i++) {
    const own = modes[i];
    if (typeof own === 'string' && covers(own, mode)) return true;
  }
  return false;
}

function hasString(list: unknown[]): boolean {
  for (let i = 0; i < list.length; i++) if (typeof list[i] === 'string') return true;
  return false;
}

/** Big cards have thousands of skills that drop nothing: they are checked in place, without copying their lists. */
export const skillModeNarrowsDefault: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const out: Finding[] = [];
  const skills = skillsOf(value);
  for (const d of DIRECTIONS) {
    const defaults = stringsOf(value[d.defaults]);
    if (defaults.length === 0) continue;
    let index: ModeIndex | undefined;
    for (let s = 0; s < skills.length; s++) {
      const skill = skills[s]!;
      const own = skill.value[d.member];
      if (!Array.isArray(own) || !hasString(own)) continue;
      let dropped: string[] | undefined;
      let missing = 0;
      if (own.length * defaults.length <= PAIRWISE_LIMIT) {
        for (let i = 0; i < defaults.length; i++) if (!anyStringCovers(own, defaults[i]!)) (dropped ??= []).push(defaults[i]!);
        missing = dropped?.length ?? 0;
      } else {
        // Long lists: the defaults are indexed once (mediaType.ts), so a skill costs its own modes, not own × defaults.
        const covered = (index ??= indexModes(defaults)).covered(own);
        missing = covered.missing;
        for (let i = 0; i < defaults.length && (dropped?.length ?? 0) < 10 && missing > 0; i++) if (!covered.has(i)) (dropped ??= []).push(defaults[i]!);
      }
      if (dropped === undefined) continue;
      // The message names a few; the data carries no card-sized lists (the quick fix reads the card itself).
      const list = missing > 10 ? `${dropped.slice(0, 10).join(', ')} and ${missing - 10} more` : dropped.join(', ');
      out.push(finding('skill-mode-narrows-default', `${skill.pointer}/${d.member}`,
        `Skill ${quote(skill.value.id)} does NOT ${d.verb} ${list}: its ${d.member} replace the card's ${d.defaults}, they do not add to them.`,
        { target: 'key', data: { skillId: skill.value.id, direction: d.direction, defaultsMember: d.defaults } }));
    }
  }
  return out;
};
