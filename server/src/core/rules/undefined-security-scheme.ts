/**
 * undefined-security-scheme: every scheme a requirement names (card or skill level) must be a key of
 * securitySchemes; otherwise a client cannot know how to authenticate. Also covers the 0.3 map shape
 * {"<name>": [...]}, whose keys are scheme names too (e.g. {"scopes": [...]} names a scheme "scopes").
 */
import { isObject } from '../document';
import { finding, quote, Rule } from './context';
import { pointerTo, requirementListsOf, securitySchemesOf } from './walk';
import type { Finding } from '../types';

export const undefinedSecurityScheme: Rule = ({ value }) => {
  if (!isObject(value)) return [];
  const defined = Object.keys(securitySchemesOf(value));
  const out: Finding[] = [];
  for (const { list, pointer } of requirementListsOf(value)) {
    for (let i = 0; i < list.length; i++) {
      const req = list[i];
      if (!isObject(req)) continue;
      const inSchemes = isObject(req.schemes);
      const names = inSchemes ? Object.keys(req.schemes as object) : 'schemes' in req ? [] : Object.keys(req);
      for (const name of names) {
        if (defined.includes(name)) continue;
        // Pointers are built only for findings: big cards have thousands of requirements.
        const p = inSchemes ? pointerTo(`${pointer}/${i}/schemes`, name) : pointerTo(`${pointer}/${i}`, name);
        out.push(finding('undefined-security-scheme', p,
          `Security scheme ${quote(name)} is not defined in securitySchemes${defined.length ? ` (defined: ${defined.join(', ')})` : ''}: define it or fix the name.`,
          { target: 'key', data: { scheme: name, defined } }));
      }
    }
  }
  return out;
};
