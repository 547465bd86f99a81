/**
 * undefined-security-scheme: every scheme a requirement names (card or skill level) must be a key of
 * securitySchemes; otherwise a client cannot know how to authenticate. Also covers the 0.3 map shape
 * {"<name>": [...]}, whose keys are scheme names too (e.g. {"scopes": [...]} names a scheme "scopes").
 */
import { has, isObject } from '../document';
import { finding, quote, Rule } from './context';
import { pointerTo, requirementListsOf, securitySchemesOf } from './walk';
import type { Finding } from '../types';

export const undefinedSecurityScheme: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const schemes = securitySchemesOf(value);
  let defined: string[] | undefined;
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
        defined ??= Object.keys(schemes);
        const p = inSchemes ? pointerTo(`${owner.pointer}/${i}/schemes`, name) : pointerTo(`${owner.pointer}/${i}`, name);
        out.push(finding('undefined-security-scheme', p,
          `Security scheme ${quote(name)} is not defined in securitySchemes${defined.length ? ` (defined: ${defined.join(', ')})` : ''}: define it or fix the name.`,
          { target: 'key', data: { scheme: name, defined } }));
      }
    }
  }
  return out;
};
