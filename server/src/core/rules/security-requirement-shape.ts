/**
 * security-requirement-shape: requirements must be {"schemes": {"<name>": {"list": [scopes]}}}. Two shapes from
 * the wild are diagnosed with the exact rewrite in data: the 0.3/OpenAPI map {"<name>": [scopes]} and the a2a-go v2
 * form without "list" {"schemes": {"<name>": [scopes]}}.
 */
import { isObject } from '../document';
import { finding, Rule } from './context';
import { pointerTo, requirementListsOf } from './walk';
import type { Finding } from '../types';

function scopesOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

export const securityRequirementShape: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const { list, pointer } of requirementListsOf(value)) {
    list.forEach((req, i) => {
      if (!isObject(req)) return;
      const at = `${pointer}/${i}`;
      if (!('schemes' in req)) {
        const entries = Object.entries(req);
        if (entries.length === 0 || !entries.every(([, v]) => Array.isArray(v))) return;
        const schemes = Object.fromEntries(entries.map(([k, v]) => [k, { list: scopesOf(v) }]));
        out.push(finding('security-requirement-shape', at,
          `This is the A2A 0.3 requirement shape {"<name>": [scopes]}: 1.0 writes ${JSON.stringify({ schemes })}.`,
          { data: { shape: 'openapi-map', replacement: { schemes } } }));
        return;
      }
      if (!isObject(req.schemes)) return;
      for (const [name, scopes] of Object.entries(req.schemes)) {
        if (!Array.isArray(scopes)) continue;
        out.push(finding('security-requirement-shape', pointerTo(`${at}/schemes`, name),
          `Scopes must be wrapped as {"list": [...]}: write ${JSON.stringify({ [name]: { list: scopesOf(scopes) } })}.`,
          { data: { shape: 'missing-list', scheme: name, replacement: { list: scopesOf(scopes) } } }));
      }
    });
  }
  return out;
};
