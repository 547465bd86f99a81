/**
 * The base documents the rules' examples are laid over (RuleExample's `with`): a valid card that gets no finding
 * from any rule, and a valid lockfile that pins it.
 */

/** The base card's one skill, for examples that change or add skills. */
export const PRICING_SKILL = {
  id: 'itinerary-pricing',
  name: 'Itinerary pricing',
  description: 'Prices an itinerary.',
  tags: ['pricing'],
} as const;

export const EXAMPLE_CARD: Readonly<Record<string, unknown>> = {
  name: 'Pricing Agent',
  description: 'Quotes itinerary prices.',
  supportedInterfaces: [
    { url: 'https://pricing.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'https://pricing.example.com/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
  ],
  provider: { organization: 'Example Travel', url: 'https://example.com' },
  version: '3.2.0',
  capabilities: { streaming: true },
  securitySchemes: {
    oauth: {
      oauth2SecurityScheme: {
        flows: {
          clientCredentials: {
            tokenUrl: 'https://auth.example.com/token',
            scopes: { 'pricing.quote': 'Quote prices' },
          },
        },
      },
    },
  },
  securityRequirements: [{ schemes: { oauth: { list: ['pricing.quote'] } } }],
  defaultInputModes: ['application/json'],
  defaultOutputModes: ['application/json'],
  skills: [PRICING_SKILL],
};

export const EXAMPLE_LOCKFILE: Readonly<Record<string, unknown>> = {
  agent: 'https://pricing.example.com/.well-known/agent-card.json',
  pinned_at: '2026-10-02T10:00:00Z',
  card_digest: `sha256:${'ab'.repeat(32)}`,
  agent_version: '3.2.0',
  interface: { binding: 'JSONRPC', version: '1.0' },
  requires: {
    streaming: true,
    skills: {
      'itinerary-pricing': { input: ['application/json'], output: ['application/json'], scopes: ['pricing.quote'] },
    },
    extensions: [],
  },
};

/** A valid AI Catalog of the base card's host: one agent by URL, one inline (the base card itself). */
export const EXAMPLE_CATALOG: Readonly<Record<string, unknown>> = {
  specVersion: '1.0',
  host: { displayName: 'Example Travel', identifier: 'did:web:example.com' },
  entries: [
    {
      identifier: 'urn:air:example.com:agents:pricing',
      type: 'application/a2a-agent-card+json',
      url: 'https://pricing.example.com/.well-known/agent-card.json',
      version: '3.2.0',
      displayName: 'Pricing Agent',
      description: 'Quotes itinerary prices.',
    },
    {
      identifier: 'urn:air:example.com:agents:quotes',
      type: 'application/a2a-agent-card+json',
      version: '1.0.0',
      data: EXAMPLE_CARD,
    },
  ],
};

/** An entry of EXAMPLE_CATALOG with other members, for examples that add entries. */
export function catalogEntry(members: Record<string, unknown>): Record<string, unknown> {
  return {
    identifier: 'urn:air:example.com:agents:pricing',
    type: 'application/a2a-agent-card+json',
    url: 'https://pricing.example.com/.well-known/agent-card.json',
    ...members,
  };
}
