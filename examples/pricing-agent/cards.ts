/**
 * The pricing agent's card in six states: the baseline and five changes, each a single edit away from
 * the baseline; the first four show one classification of `a2acap check` each, the last a probe failure:
 *   base            the card the planner pinned
 *   description     a description edit                 → compatible (does not affect calls)
 *   version         agent version 3.2.0 → 3.3.0        → review
 *   no-streaming    capabilities.streaming removed     → breaking (the planner needs streaming)
 *   narrowed-input  the skill no longer accepts text/plain → breaking (the planner sends text/plain)
 *   patch-version   the interface says protocolVersion 1.0.1 → `a2acap probe` refutes the version (clients send 1.0)
 * Cards are plain ProtoJSON objects (what goes over the wire), built for the URL the agent listens on.
 */

export const CARD_VERSIONS = [
  'base',
  'description',
  'version',
  'no-streaming',
  'narrowed-input',
  'patch-version',
] as const;
export type CardVersion = (typeof CARD_VERSIONS)[number];

export function isCardVersion(value: string): value is CardVersion {
  return (CARD_VERSIONS as readonly string[]).includes(value);
}

export interface PricingCard {
  name: string;
  description: string;
  version: string;
  supportedInterfaces: { url: string; protocolBinding: string; protocolVersion: string }[];
  provider: { organization: string; url: string };
  capabilities: {
    streaming?: boolean;
    pushNotifications?: boolean;
    extensions: { uri: string; description: string; required: boolean }[];
  };
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: {
    id: string;
    name: string;
    description: string;
    tags: string[];
    examples: string[];
    inputModes: string[];
    outputModes: string[];
  }[];
}

export function pricingCard(baseUrl: string, version: CardVersion): PricingCard {
  const pricing: PricingCard['skills'][number] = {
    id: 'itinerary-pricing',
    name: 'Itinerary pricing',
    description: 'Quotes a price for an itinerary (JSON or a plain-text description).',
    tags: ['pricing', 'travel'],
    examples: ['Price 2 nights in Lisbon, 3-5 May'],
    inputModes: ['application/json', 'text/plain'],
    outputModes: ['application/json'],
  };
  const card: PricingCard = {
    name: 'Pricing Agent',
    description: 'Prices itineraries for the travel planner.',
    version: '3.2.0',
    supportedInterfaces: [{ url: `${baseUrl}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    provider: { organization: 'Example Travel', url: 'https://example.com' },
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    defaultInputModes: ['application/json', 'text/plain'],
    defaultOutputModes: ['application/json'],
    skills: [
      pricing,
      {
        id: 'currency-convert',
        name: 'Currency conversion',
        description: 'Converts an amount between currencies.',
        tags: ['currency'],
        examples: [],
        inputModes: [],
        outputModes: [],
      },
    ],
  };
  switch (version) {
    case 'base':
      break;
    case 'description':
      card.description = 'Prices itineraries for the travel planner, now with seasonal rates.';
      pricing.description = 'Quotes a price for an itinerary, seasonal rates included.';
      break;
    case 'version':
      card.version = '3.3.0';
      break;
    case 'no-streaming':
      delete card.capabilities.streaming;
      break;
    case 'narrowed-input':
      pricing.inputModes = ['application/json'];
      break;
    case 'patch-version':
      card.supportedInterfaces[0]!.protocolVersion = '1.0.1';
      break;
  }
  return card;
}
