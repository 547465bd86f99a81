/**
 * undeclared-oauth-scope: a requirement asks for an OAuth scope that the referenced oauth2 scheme's flow does not
 * list in its scopes map, so a client cannot know it may request it (and the authorization server may not issue it).
 */
import { has, isObject } from '../document';
import { escapeSegment } from '../pointer/range';
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
import { requirementsPointer, securitySchemesOf, type At } from '../card/walk';
import { skillRule } from './skillWalk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'undeclared-oauth-scope',
  defaultSeverity: 'warning',
  title: "A required scope is not among the OAuth flow's scopes",
  appliesTo: ['card'],
};

const FLOWS = ['authorizationCode', 'clientCredentials', 'deviceCode', 'implicit', 'password'];

/** `scopes` as a set: each requested scope is looked up, and a card may declare and request tens of thousands. */
type Declared = { flow: string; scopes: Set<string> };

function flowScopes(scheme: unknown): Declared | undefined {
  if (!isObject(scheme) || !isObject(scheme.oauth2SecurityScheme) || !isObject(scheme.oauth2SecurityScheme.flows))
    return undefined;
  const flows = Object.entries(scheme.oauth2SecurityScheme.flows).filter(
    ([name, f]) => FLOWS.includes(name) && isObject(f),
  );
  if (flows.length === 0) return undefined;
  const scopes = flows.flatMap(([, f]) => (isObject(f) && isObject(f.scopes) ? Object.keys(f.scopes) : []));
  return { flow: flows.map(([name]) => name).join('+'), scopes: new Set(scopes) };
}

/**
 * Walks the well-shaped requirements ({schemes: {name: {list: [...]}}}) in place: big cards have thousands of
 * them, so nothing is allocated per requirement and pointers are built only for findings.
 */
interface Schemes {
  readonly schemes: Record<string, unknown>;
  /** Each scheme name's declared flow scopes, or null when it is not an OAuth scheme with flows (read once per name). */
  readonly declared: Map<string, Declared | null>;
}

/** One securityRequirements list, the card's or a skill's (`skill`). */
function checkList(
  list: unknown,
  skill: At<Record<string, unknown>> | undefined,
  state: Schemes,
  out: Finding[],
): void {
  if (!Array.isArray(list)) return;
  const { schemes, declared: cache } = state;
  for (let i = 0; i < list.length; i++) {
    const req: unknown = list[i];
    if (!isObject(req) || !isObject(req.schemes)) continue;
    const named = req.schemes;
    for (const scheme in named) {
      if (!has(named, scheme)) continue;
      let declared = cache.get(scheme);
      if (declared === undefined)
        cache.set(scheme, (declared = (has(schemes, scheme) ? flowScopes(schemes[scheme]) : undefined) ?? null));
      if (declared === null) continue;
      const scopes = named[scheme];
      if (!isObject(scopes) || !Array.isArray(scopes.list)) continue;
      const listed: unknown[] = scopes.list;
      for (let j = 0; j < listed.length; j++) {
        const scope = listed[j];
        if (typeof scope !== 'string' || declared.scopes.has(scope)) continue;
        out.push(
          finding(
            meta,
            `${requirementsPointer(skill)}/${i}/schemes/${escapeSegment(scheme)}/list/${j}`,
            `Scope ${quote(scope)} is not declared by the ${declared.flow} flow of scheme ${quote(scheme)}: add it to that flow's scopes, or fix the name.`,
            { data: { scheme, scope, flow: declared.flow } },
          ),
        );
      }
    }
  }
}

/** The card's list first, then each skill's, in lint's shared walk over the skills (skillWalk.ts). */
const eachSkill: SkillCheck<Schemes> = {
  start(ctx, out) {
    if (!isObject(ctx.value)) return undefined;
    const state: Schemes = { schemes: securitySchemesOf(ctx.value), declared: new Map() };
    checkList(ctx.value.securityRequirements, undefined, state, out);
    return state;
  },
  skill: (state, skill, out) => checkList(skill.value.securityRequirements, skill, state, out),
};

export const undeclaredOauthScope: Rule = skillRule(eachSkill);

const docs: RuleDocs = {
  summary: "A requirement asks for an OAuth scope that the referenced scheme's flow does not declare in its `scopes`.",
  bad: '`{ "schemes": { "oauth": { "list": ["pricing.book"] } } } while the flow declares only "pricing.quote"`',
  fix: 'add "pricing.book" to the flow\'s scopes, or fix the scope name',
  quickFix: '**Declare the scope** in the flow of the scheme the requirement names.',
};

const examples: RuleExamples = {
  invalid: [{ with: { securityRequirements: [{ schemes: { oauth: { list: ['pricing.book'] } } }] } }],
  valid: [{ with: { securityRequirements: [{ schemes: { oauth: { list: ['pricing.quote'] } } }] } }],
};

export const rule: RuleDefinition = { meta, check: undeclaredOauthScope, eachSkill, docs, examples };
