/** deprecated-oauth-flow: implicit and password are deprecated in the 1.0 proto (and insecure): prefer authorizationCode with PKCE or deviceCode. */
import { isObject } from '../document';
import { finding, quote, Rule, type RuleDefinition, type RuleMeta, type RuleDocs, type RuleExamples } from './context';
import { pointerTo, securitySchemesOf } from '../card/walk';
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

const docs: RuleDocs = {
  summary: 'The `implicit` and `password` OAuth flows are deprecated in the 1.0 proto.',
  bad: '`"flows": { "implicit": { "authorizationUrl": "…", "scopes": {} } }`',
  fix: '`"flows": { "authorizationCode": { "authorizationUrl": "…", "tokenUrl": "…", "scopes": {}, "pkceRequired": true } }`',
  quickFix:
    'when the scheme also has an `authorizationCode`, `clientCredentials` or `deviceCode` flow declaring every scope the deprecated one does, remove the deprecated one; when the deprecated flow already carries both `authorizationUrl` and `tokenUrl`, rename it to `authorizationCode` (scopes kept; `pkceRequired` is yours to set). None otherwise: a token endpoint cannot be guessed, and password → clientCredentials would change whose identity the token stands for.',
};

const examples: RuleExamples = {
  invalid: [
    {
      with: {
        securitySchemes: {
          oauth: {
            oauth2SecurityScheme: {
              flows: {
                implicit: {
                  authorizationUrl: 'https://auth.example.com/authorize',
                  scopes: { 'pricing.quote': 'Quote prices' },
                },
              },
            },
          },
        },
      },
    },
  ],
  valid: [
    {
      with: {
        securitySchemes: {
          oauth: {
            oauth2SecurityScheme: {
              flows: {
                authorizationCode: {
                  authorizationUrl: 'https://auth.example.com/authorize',
                  tokenUrl: 'https://auth.example.com/token',
                  scopes: { 'pricing.quote': 'Quote prices' },
                  pkceRequired: true,
                },
              },
            },
          },
        },
      },
    },
  ],
};

export const rule: RuleDefinition = { meta, check: deprecatedOauthFlow, docs, examples };
