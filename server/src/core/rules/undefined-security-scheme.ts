/**
 * undefined-security-scheme: every scheme a requirement names (card or skill level) must be a key of
 * securitySchemes; otherwise a client cannot know how to authenticate. Also covers the 0.3 map shape
 * {"<name>": [...]}, whose keys are scheme names too (e.g. {"scopes": [...]} names a scheme "scopes").
 */
import { has, isObject } from '../document';
import {
  finding,
  quote,
  Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
  type SkillCheck,
} from './context';
import { pointerTo, requirementsPointer, securitySchemesOf, type At } from '../card/walk';
import { skillRule } from './skillWalk';
import type { Finding } from '../types';
import { someOf } from '../text/messageList';

export const meta: RuleMeta = {
  id: 'undefined-security-scheme',
  defaultSeverity: 'error',
  title: 'A security requirement names a scheme not in securitySchemes',
  appliesTo: ['card'],
};

interface Defined {
  readonly schemes: Record<string, unknown>;
  /** The defined names a finding lists (built for the first finding only), and how many there are. */
  names?: string[];
  total: number;
}

/**
 * One securityRequirements list, the card's or a skill's (`skill`). Big cards have thousands of requirements naming
 * a few defined schemes: checked in place, without allocating; pointers and the list of defined names are built only
 * for findings.
 */
function checkList(
  list: unknown,
  skill: At<Record<string, unknown>> | undefined,
  state: Defined,
  out: Finding[],
): void {
  if (!Array.isArray(list)) return;
  const schemes = state.schemes;
  for (let i = 0; i < list.length; i++) {
    const req: unknown = list[i];
    if (!isObject(req)) continue;
    const inSchemes = isObject(req.schemes);
    if (!inSchemes && 'schemes' in req) continue;
    const named = inSchemes ? (req.schemes as Record<string, unknown>) : req;
    for (const name in named) {
      if (!has(named, name) || has(schemes, name)) continue;
      // Listed in the message up to a few, and in the fix data up to what a "did you mean" needs: a finding per
      // reference must not copy the whole list (quadratic in time and memory on a card of many schemes).
      if (state.names === undefined) {
        const names = Object.keys(schemes);
        state.total = names.length;
        state.names = names.slice(0, MAX_NAMES);
      }
      const defined = state.names;
      const p = inSchemes
        ? pointerTo(`${requirementsPointer(skill)}/${i}/schemes`, name)
        : pointerTo(`${requirementsPointer(skill)}/${i}`, name);
      out.push(
        finding(
          meta,
          p,
          `Security scheme ${quote(name)} is not defined in securitySchemes${defined.length ? ` (defined: ${someOf(defined, { total: state.total })})` : ''}: define it or fix the name.`,
          { target: 'key', data: { scheme: name, defined } },
        ),
      );
    }
  }
}

/** The card's list first, then each skill's, in lint's shared walk over the skills (skillWalk.ts). */
const eachSkill: SkillCheck<Defined> = {
  start(ctx, out) {
    if (!isObject(ctx.value)) return undefined;
    const state: Defined = { schemes: securitySchemesOf(ctx.value), total: 0 };
    checkList(ctx.value.securityRequirements, undefined, state, out);
    return state;
  },
  skill: (state, skill, out) => checkList(skill.value.securityRequirements, skill, state, out),
};

export const undefinedSecurityScheme: Rule = skillRule(eachSkill);

/** Scheme names carried in a finding's data (the quick fix looks for the closest one among them). */
const MAX_NAMES = 200;

const docs: RuleDocs = {
  summary: 'A security requirement (card or skill) names a scheme that `securitySchemes` does not define.',
  bad: '`"securityRequirements": [ { "schemes": { "oauth2": { "list": [] } } } ] with only "oauth" defined`',
  fix: 'use the defined name "oauth", or define "oauth2" in securitySchemes',
  quickFix: '**Change to** the defined scheme name the misspelt one is closest to.',
};

const examples: RuleExamples = {
  invalid: [{ with: { securityRequirements: [{ schemes: { oauth2: { list: [] } } }] } }],
  valid: [{ with: { securityRequirements: [{ schemes: { oauth: { list: [] } } }] } }],
};

export const rule: RuleDefinition = { meta, check: undefinedSecurityScheme, eachSkill, docs, examples };
