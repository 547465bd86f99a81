/**
 * legacy-card-shape: members of A2A 0.3 (or older) that 1.0 replaced. A 1.0 client ignores them, so a card that
 * still relies on them looks unreachable or unauthenticated. Each finding says the 1.0 replacement and carries
 * the legacy member name in data for the migration quick fix.
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
import { pointerTo, securitySchemesOf, skillIdData } from '../card/walk';
import { skillRule } from './skillWalk';
import type { Finding } from '../types';

export const meta: RuleMeta = {
  id: 'legacy-card-shape',
  defaultSeverity: 'error',
  title: 'A member from A2A 0.3 or older that 1.0 replaced',
  appliesTo: ['card'],
  tags: ['deprecated'],
};

const TOP_LEVEL: Record<string, string> = {
  url: 'supportedInterfaces[0].url (with protocolBinding and protocolVersion on the same entry)',
  preferredTransport: 'supportedInterfaces[0].protocolBinding',
  additionalInterfaces: 'further supportedInterfaces entries (transport → protocolBinding, plus protocolVersion)',
  protocolVersion: 'protocolVersion on each supportedInterfaces entry ("1.0")',
  supportsAuthenticatedExtendedCard: 'capabilities.extendedAgentCard',
  supportsExtendedAgentCard: 'capabilities.extendedAgentCard',
  authentication: 'securitySchemes (one oneof key per scheme) and securityRequirements (A2A 0.2 "authentication")',
  security: 'securityRequirements: [{"schemes": {"<name>": {"list": [scopes]}}}]',
};

/** OpenAPI-style `type` → the 1.0 oneof key. */
export const LEGACY_SCHEME_TYPES: Record<string, string> = {
  apiKey: 'apiKeySecurityScheme',
  http: 'httpAuthSecurityScheme',
  oauth2: 'oauth2SecurityScheme',
  openIdConnect: 'openIdConnectSecurityScheme',
  mutualTLS: 'mtlsSecurityScheme',
};

/** Top-level members, then each skill's (in lint's shared walk over the skills, skillWalk.ts), then the schemes. */
const eachSkill: SkillCheck<Record<string, unknown>> = {
  start({ value }, out) {
    if (!isObject(value)) return undefined;
    for (const [member, replacement] of Object.entries(TOP_LEVEL)) {
      if (!has(value, member)) continue;
      out.push(
        finding(
          meta,
          pointerTo('', member),
          `"${member}" is an A2A 0.3 member that 1.0 clients ignore: use ${replacement}.`,
          {
            target: 'key',
            data: { member, replacement },
          },
        ),
      );
    }
    return value;
  },
  skill(_, skill, out) {
    if (!has(skill.value, 'security')) return;
    out.push(
      finding(
        meta,
        pointerTo(skill.pointer, 'security'),
        `Skill ${quote(skill.value.id)}: "security" is the A2A 0.3 name: use securityRequirements with {"schemes": {"<name>": {"list": [scopes]}}}.`,
        {
          target: 'key',
          data: { member: 'security', replacement: 'securityRequirements', ...skillIdData(skill.value) },
        },
      ),
    );
  },
  end(value, out) {
    for (const [name, scheme] of Object.entries(securitySchemesOf(value))) {
      if (!isObject(scheme) || !has(scheme, 'type')) continue;
      const legacyType = scheme.type;
      const key =
        typeof legacyType === 'string' && has(LEGACY_SCHEME_TYPES, legacyType)
          ? LEGACY_SCHEME_TYPES[legacyType]
          : undefined;
      const replacement = key ? `{"${key}": {…}}` : `one of ${Object.values(LEGACY_SCHEME_TYPES).join(', ')}`;
      out.push(
        finding(
          meta,
          pointerTo('/securitySchemes', name),
          `Security scheme ${quote(name)} uses the OpenAPI/0.3 "type" form: A2A 1.0 wraps the scheme in ${replacement}${legacyType === 'apiKey' ? ' and names "in" "location"' : ''}.`,
          { target: 'key', data: { member: 'type', scheme: name, legacyType, replacementKey: key ?? null } },
        ),
      );
    }
    const capabilities = isObject(value.capabilities) ? value.capabilities : undefined;
    if (capabilities && has(capabilities, 'stateTransitionHistory')) {
      out.push(
        finding(
          meta,
          '/capabilities/stateTransitionHistory',
          '"stateTransitionHistory" no longer exists in A2A 1.0: remove it.',
          { target: 'key', data: { member: 'stateTransitionHistory', replacement: null } },
        ),
      );
    }
  },
};

export const legacyCardShape: Rule = skillRule(eachSkill);

const docs: RuleDocs = {
  summary:
    'A member of A2A 0.3 (or older) that 1.0 replaced; 1.0 clients ignore it, so the card looks unreachable or unauthenticated. Covers top-level `url`, `preferredTransport`, `additionalInterfaces`, `protocolVersion`, `supportsAuthenticatedExtendedCard`/`supportsExtendedAgentCard`, `security` (card and skill), 0.2 `authentication`, OpenAPI-style schemes with `type`, and `capabilities.stateTransitionHistory`.',
  bad: '`{ "url": "https://agent.example.com/a2a", "preferredTransport": "JSONRPC", "protocolVersion": "0.3.0" }`',
  fix: '`{ "supportedInterfaces": [ { "url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0" } ] }`',
  quickFix:
    '**Migrate this card to A2A 1.0**: the whole 0.3/0.2 card in one edit (`url`/`preferredTransport`/`additionalInterfaces` → `supportedInterfaces`, legacy schemes and requirements → the 1.0 shapes, `supportsAuthenticatedExtendedCard` → `capabilities.extendedAgentCard`); what cannot be kept is listed in the *A2A* output. Also the command **A2A: Migrate Agent Card to 1.0**. On `capabilities.stateTransitionHistory` alone: remove it.',
};

const examples: RuleExamples = {
  invalid: [
    { with: { url: 'https://pricing.example.com/a2a', preferredTransport: 'JSONRPC' } },
    { with: { capabilities: { stateTransitionHistory: true } } },
  ],
  valid: [{ with: { capabilities: { streaming: true, extendedAgentCard: true } } }],
};

/** The generic schema errors inside a legacy security scheme: this finding explains them. */
const supersedes = (f: Finding) => (f.pointer.startsWith('/securitySchemes/') ? f.pointer : undefined);

export const rule: RuleDefinition = { meta, check: legacyCardShape, eachSkill, docs, examples, supersedes };
