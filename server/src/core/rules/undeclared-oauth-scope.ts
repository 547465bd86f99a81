/**
 * undeclared-oauth-scope: a requirement asks for an OAuth scope that the referenced oauth2 scheme's flow does not
 * list in its scopes map, so a client cannot know it may request it (and the authorization server may not issue it).
 */
import { isObject } from '../document';
import { finding, quote, Rule } from './context';
import { entryPointer, requirementEntries, securitySchemesOf } from './walk';
import type { Finding } from '../types';

const FLOWS = ['authorizationCode', 'clientCredentials', 'deviceCode', 'implicit', 'password'];

function flowScopes(scheme: unknown): { flow: string; scopes: string[] } | undefined {
  if (!isObject(scheme) || !isObject(scheme.oauth2SecurityScheme) || !isObject(scheme.oauth2SecurityScheme.flows)) return undefined;
  const flows = Object.entries(scheme.oauth2SecurityScheme.flows).filter(([name, f]) => FLOWS.includes(name) && isObject(f));
  if (flows.length === 0) return undefined;
  const scopes = flows.flatMap(([, f]) => (isObject(f) && isObject(f.scopes) ? Object.keys(f.scopes) : []));
  return { flow: flows.map(([name]) => name).join('+'), scopes };
}

export const undeclaredOauthScope: Rule = ({ value }) => {
  const schemes = securitySchemesOf(value);
  const out: Finding[] = [];
  // Scheme name → its declared scopes, computed once per scheme (big cards repeat a few schemes thousands of times).
  const cache = new Map<string, { flow: string; scopes: string[] } | undefined>();
  for (const entry of requirementEntries(value)) {
    if (!cache.has(entry.scheme)) {
      cache.set(entry.scheme, Object.prototype.hasOwnProperty.call(schemes, entry.scheme) ? flowScopes(schemes[entry.scheme]) : undefined);
    }
    const declared = cache.get(entry.scheme);
    if (!declared) continue;
    entry.scopes.forEach((scope, j) => {
      if (typeof scope !== 'string' || declared.scopes.includes(scope)) return;
      out.push(finding('undeclared-oauth-scope', `${entryPointer(entry)}/list/${j}`,
        `Scope ${quote(scope)} is not declared by the ${declared.flow} flow of scheme ${quote(entry.scheme)}: add it to that flow's scopes, or fix the name.`,
        { data: { scheme: entry.scheme, scope, flow: declared.flow, declared: declared.scopes } }));
    });
  }
  return out;
};
