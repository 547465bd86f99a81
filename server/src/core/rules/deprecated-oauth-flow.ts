/** deprecated-oauth-flow: implicit and password are deprecated in the 1.0 proto (and insecure): prefer authorizationCode with PKCE or deviceCode. */
import { isObject } from '../document';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta } from './context';
import { pointerTo, securitySchemesOf } from './walk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'deprecated-oauth-flow',
  defaultSeverity: 'warning',
  title: 'A deprecated OAuth flow (implicit, password)',
  appliesTo: ['card'],
  tags: ['deprecated'],
};

const DEPRECATED = ['implicit', 'password'];

export const deprecatedOauthFlow: Rule = ({ value }) => {
  const out: Finding[] = [];
  for (const [name, scheme] of Object.entries(securitySchemesOf(value))) {
    if (!isObject(scheme) || !isObject(scheme.oauth2SecurityScheme) || !isObject(scheme.oauth2SecurityScheme.flows))
      continue;
    const flows = scheme.oauth2SecurityScheme.flows;
    for (const flow of DEPRECATED) {
      if (!(flow in flows)) continue;
      out.push(
        finding(
          meta,
          pointerTo(pointerTo('/securitySchemes', name), 'oauth2SecurityScheme') + `/flows/${flow}`,
          `Scheme ${quote(name)} uses the deprecated "${flow}" OAuth flow: use authorizationCode (with pkceRequired: true) or deviceCode.`,
          { target: 'key', data: { scheme: name, flow, suggestion: 'authorizationCode' } },
        ),
      );
    }
  }
  return out;
};

export const rule: RuleDefinition = { meta, check: deprecatedOauthFlow };
