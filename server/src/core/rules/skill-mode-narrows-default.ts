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
  type SkillCheck,
} from './context';
import { skillRule } from './skillWalk';
import { PRICING_SKILL } from './examples';
import { skillIdData, type At } from '../card/walk';
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
type Direction = (typeof DIRECTIONS)[number];
type Dropped = NonNullable<ReturnType<typeof uncovered>>;

/** One direction whose card defaults are not empty, and the skills whose own modes leave some of them out. */
interface Narrowing {
  readonly d: Direction;
  readonly defaults: string[];
  readonly indexed: LazyModeIndex;
  readonly narrowed: { skill: At<Record<string, unknown>>; dropped: Dropped }[];
  /** Narrowing skills past the rule's budget in this direction alone: never reported, only counted. */
  past: number;
}

/**
 * In lint's shared walk over the skills (skillWalk.ts), both directions per skill; the findings are made at the end,
 * every input one before every output one, and the budget asked in that order, as when each direction walked.
 */
const eachSkill: SkillCheck<Narrowing[]> = {
  start({ value }) {
    if (!isObject(value)) return undefined;
    const directions: Narrowing[] = [];
    for (const d of DIRECTIONS) {
      const defaults = stringsOf(value[d.defaults]);
      if (defaults.length > 0)
        directions.push({ d, defaults, indexed: new LazyModeIndex(defaults), narrowed: [], past: 0 });
    }
    return directions.length > 0 ? directions : undefined;
  },
  skill(directions, skill, _out, ctx) {
    // A card of 340,000 narrowing skills keeps no more of them than the budget could report.
    const limit = ctx.budget?.limit ?? Infinity;
    for (let k = 0; k < directions.length; k++) {
      const direction = directions[k]!;
      const own = skill.value[direction.d.member];
      if (!Array.isArray(own) || !hasString(own)) continue;
      const dropped = uncovered(own, direction.defaults, direction.indexed, 10);
      if (dropped === undefined) continue;
      if (direction.narrowed.length < limit) direction.narrowed.push({ skill, dropped });
      else direction.past++;
    }
  },
  end(directions, out, ctx) {
    for (const { d, narrowed, past } of directions) {
      for (const { skill, dropped } of narrowed) {
        if (!admit(ctx, out)) continue;
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
      for (let i = 0; i < past; i++) admit(ctx, out);
    }
  },
};

export const skillModeNarrowsDefault: Rule = skillRule(eachSkill);

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

export const rule: RuleDefinition = { meta, check: skillModeNarrowsDefault, eachSkill, docs, examples };
