/**
 * undefined-security-scheme: every scheme a requirement names (card or skill level) must be a key of
 * securitySchemes; otherwise a client cannot know how to authenticate. Also covers the 0.3 map shape
 * {"<name>": [...]}, whose keys are scheme names too (e.g. {"scopes": [...]} names a scheme "scopes").
 */
import { has, isObject } from '../document';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { pointerTo, requirementListsOf, securitySchemesOf } from '../card/walk';
import type { Finding } from '../types';
import { someOf } from '../text/messageList';

export const meta: RuleMeta = {
  id: 'undefined-security-scheme',
  defaultSeverity: 'error',
  title: 'A security requirement names a scheme not in securitySchemes',
  appliesTo: ['card'],
};

export const undefinedSecurityScheme: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const schemes = securitySchemesOf(value);
  let defined: string[] | undefined;
  let total = 0;
  const out: Finding[] = [];
  // Big cards have thousands of requirements naming a few defined schemes: checked in place, without allocating;
  // pointers and the list of defined names are built only for findings.
  for (const owner of requirementListsOf(value)) {
    const list = owner.list;
    for (let i = 0; i < list.length; i++) {
      const req = list[i];
      if (!isObject(req)) continue;
      const inSchemes = isObject(req.schemes);
      if (!inSchemes && 'schemes' in req) continue;
      const named = inSchemes ? (req.schemes as Record<string, unknown>) : req;
      for (const name in named) {
        if (!has(named, name) || has(schemes, name)) continue;
        // Listed in the message up to a few, and in the fix data up to what a "did you mean" needs: a finding per
        // reference must not copy the whole list (quadratic in time and memory on a card of many schemes).
        if (defined === undefined) {
          const names = Object.keys(schemes);
          total = names.length;
          defined = names.slice(0, MAX_NAMES);
        }
        const p = inSchemes
          ? pointerTo(`${owner.pointer}/${i}/schemes`, name)
          : pointerTo(`${owner.pointer}/${i}`, name);
        out.push(
          finding(
            meta,
            p,
            `Security scheme ${quote(name)} is not defined in securitySchemes${defined.length ? ` (defined: ${someOf(defined, { total })})` : ''}: define it or fix the name.`,
            { target: 'key', data: { scheme: name, defined } },
          ),
        );
      }
    }
  }
  return out;
};

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

export const rule: RuleDefinition = { meta, check: undefinedSecurityScheme, docs, examples };
