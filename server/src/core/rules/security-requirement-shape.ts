/**
 * security-requirement-shape: requirements must be {"schemes": {"<name>": {"list": [scopes]}}}. Two shapes from
 * the wild are diagnosed with the exact rewrite in data: the 0.3/OpenAPI map {"<name>": [scopes]} and the a2a-go v2
 * form without "list" {"schemes": {"<name>": [scopes]}}.
 */
import { has, isObject } from '../document';
import {
  finding,
  Rule,
  type RuleDefinition,
  type RuleMeta,
  type RuleDocs,
  type RuleExamples,
  type SkillCheck,
} from './context';
import { pointerTo, requirementsPointer, type At } from '../card/walk';
import { skillRule } from './skillWalk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'security-requirement-shape',
  defaultSeverity: 'error',
  title: 'A security requirement is not in the {schemes:{name:{list:[...]}}} shape',
  appliesTo: ['card'],
};

function scopesOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** {"<name>": [scopes], …} with at least one member and every member an array: the 0.3 map. */
function isOpenApiMap(req: Record<string, unknown>): boolean {
  let members = 0;
  for (const k in req) {
    if (!has(req, k)) continue;
    if (!Array.isArray(req[k])) return false;
    members++;
  }
  return members > 0;
}

/**
 * One securityRequirements list, the card's or a skill's (`skill`). Big cards have thousands of well-shaped
 * requirements: they are checked in place, without allocating.
 */
function checkList(list: unknown, skill: At<Record<string, unknown>> | undefined, out: Finding[]): void {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const req: unknown = list[i];
    if (!isObject(req)) continue;
    if (!('schemes' in req)) {
      if (!isOpenApiMap(req)) continue;
      const schemes = Object.fromEntries(Object.entries(req).map(([k, v]) => [k, { list: scopesOf(v) }]));
      out.push(
        finding(
          meta,
          `${requirementsPointer(skill)}/${i}`,
          `This is the A2A 0.3 requirement shape {"<name>": [scopes]}: 1.0 writes ${JSON.stringify({ schemes })}.`,
          { data: { shape: 'openapi-map', replacement: { schemes } } },
        ),
      );
      continue;
    }
    const named = req.schemes;
    if (!isObject(named)) continue;
    for (const name in named) {
      if (!has(named, name)) continue;
      const scopes = named[name];
      if (!Array.isArray(scopes)) continue;
      out.push(
        finding(
          meta,
          pointerTo(`${requirementsPointer(skill)}/${i}/schemes`, name),
          `Scopes must be wrapped as {"list": [...]}: write ${JSON.stringify({ [name]: { list: scopesOf(scopes) } })}.`,
          { data: { shape: 'missing-list', scheme: name, replacement: { list: scopesOf(scopes) } } },
        ),
      );
    }
  }
}

/** The card's list first, then each skill's, in lint's shared walk over the skills (skillWalk.ts). */
const eachSkill: SkillCheck<true> = {
  start(ctx, out) {
    if (!isObject(ctx.value)) return undefined;
    checkList(ctx.value.securityRequirements, undefined, out);
    return true;
  },
  skill: (_, skill, out) => checkList(skill.value.securityRequirements, skill, out),
};

export const securityRequirementShape: Rule = skillRule(eachSkill);

const docs: RuleDocs = {
  summary:
    'A security requirement is not in the 1.0 shape `{"schemes": {"<name>": {"list": [scopes]}}}`: the 0.3 map `{"<name>": [scopes]}` or the list without `list` wrapper.',
  bad: '`"securityRequirements": [ { "oauth": ["pricing.quote"] } ]`',
  fix: '`"securityRequirements": [ { "schemes": { "oauth": { "list": ["pricing.quote"] } } } ]`',
  quickFix: '**Rewrite as an A2A 1.0 security requirement**.',
};

const examples: RuleExamples = {
  invalid: [{ with: { securityRequirements: [{ oauth: ['pricing.quote'] }] } }],
  valid: [{ with: { securityRequirements: [{ schemes: { oauth: { list: ['pricing.quote'] } } }] } }],
};

/** The generic findings about the requirement this finding explains. */
const supersedes = (f: Finding) => f.pointer;

export const rule: RuleDefinition = { meta, check: securityRequirementShape, eachSkill, docs, examples, supersedes };
