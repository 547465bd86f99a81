import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildLockfile, type PinSelection } from '../../../server/src/core/pin/buildLockfile';
import { PinError } from '../../../server/src/core/pin/errors';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { cardDigest } from '../../../server/src/core/card/digest';
import { pricingCard } from '../../../examples/pricing-agent/cards';

const card = pricingCard('http://127.0.0.1:1', 'base');
const profile = compileProfile(card);
const now = () => new Date('2026-10-02T08:00:00.000Z');

function pin(selection: PinSelection) {
  return buildLockfile({
    profile,
    cardDigest: cardDigest(card),
    agentUrl: 'http://127.0.0.1:1/.well-known/agent-card.json',
    selection,
    now,
  });
}

test('pins only the selected subset, with agent facts from the profile', () => {
  const lock = pin({ skills: ['itinerary-pricing'], input: ['text/plain'], streaming: true });
  assert.deepEqual(lock, {
    lockfile_version: 1,
    agent: 'http://127.0.0.1:1/.well-known/agent-card.json',
    pinned_at: '2026-10-02T08:00:00.000Z',
    card_digest: cardDigest(card),
    agent_version: '3.2.0',
    interface: { binding: 'JSONRPC', version: '1.0' },
    requires: {
      streaming: true,
      extensions: [],
      skills: { 'itinerary-pricing': { input: ['text/plain'], output: ['application/json'] } },
    },
  });
});

test("without --input/--output the skill's current modes are pinned, sorted and de-duplicated", () => {
  const lock = pin({ skills: ['itinerary-pricing', 'itinerary-pricing'] });
  assert.deepEqual(lock.requires.skills?.['itinerary-pricing'], {
    input: ['application/json', 'text/plain'],
    output: ['application/json'],
  });
  assert.equal(lock.requires.streaming, undefined, 'streaming is pinned only when the workflow needs it');
});

test("a skill with its own security pins the first alternative's scheme and scopes", () => {
  const secured = {
    ...card,
    securitySchemes: {
      oauth: {
        oauth2SecurityScheme: {
          flows: {
            clientCredentials: {
              tokenUrl: 'https://example.com/t',
              scopes: { 'pricing.quote': 'q', 'pricing.read': 'r' },
            },
          },
        },
      },
    },
    skills: [
      {
        ...card.skills[0],
        securityRequirements: [{ schemes: { oauth: { list: ['pricing.read', 'pricing.quote'] } } }],
      },
    ],
  };
  const lock = buildLockfile({
    profile: compileProfile(secured),
    cardDigest: 'sha256:00',
    agentUrl: 'x',
    selection: { skills: ['itinerary-pricing'] },
    now,
  });
  assert.deepEqual(lock.requires.skills?.['itinerary-pricing'], {
    input: ['application/json', 'text/plain'],
    output: ['application/json'],
    scheme: 'oauth',
    scopes: ['pricing.quote', 'pricing.read'],
  });
});

const rejected: [string, PinSelection, RegExp][] = [
  ['no skill', { skills: [] }, /at least one skill/],
  [
    'unknown skill, listing what exists',
    { skills: ['nope'] },
    /unknown skill "nope"; the card offers: "currency-convert", "itinerary-pricing"/,
  ],
  [
    'an input the skill does not accept',
    { skills: ['itinerary-pricing'], input: ['image/png'] },
    /does not accept "image\/png"/,
  ],
  [
    'an output the skill does not produce',
    { skills: ['itinerary-pricing'], output: ['text/html'] },
    /does not produce "text\/html"/,
  ],
  [
    'an undeclared extension',
    { skills: ['itinerary-pricing'], extensions: ['https://example.com/ext/v1'] },
    /extension "https:\/\/example.com\/ext\/v1" is not declared/,
  ],
];
for (const [name, selection, message] of rejected) {
  test(`rejects ${name} with a clear error`, () => {
    assert.throws(
      () => pin(selection),
      (err: unknown) => err instanceof PinError && message.test(err.message),
    );
  });
}

test('rejects streaming when the card does not declare it, and an unusable agent with its reason', () => {
  const noStreaming = pricingCard('http://127.0.0.1:1', 'no-streaming');
  assert.throws(
    () =>
      buildLockfile({
        profile: compileProfile(noStreaming),
        cardDigest: 'sha256:00',
        agentUrl: 'x',
        selection: { skills: ['itinerary-pricing'], streaming: true },
        now,
      }),
    /needs streaming but the card does not declare/,
  );
  const unusable = compileProfile({
    ...card,
    supportedInterfaces: [{ url: 'x', protocolBinding: 'GRPC', protocolVersion: '1.0' }],
  });
  assert.throws(
    () =>
      buildLockfile({
        profile: unusable,
        cardDigest: 'sha256:00',
        agentUrl: 'x',
        selection: { skills: ['itinerary-pricing'] },
        now,
      }),
    /cannot be used by this client: /,
  );
});

test('a wildcard output mode covers a concrete media type the workflow consumes', () => {
  const wild = { ...card, skills: [{ ...card.skills[0], outputModes: ['application/*'] }] };
  const lock = buildLockfile({
    profile: compileProfile(wild),
    cardDigest: 'sha256:00',
    agentUrl: 'x',
    selection: { skills: ['itinerary-pricing'], output: ['application/json'] },
    now,
  });
  assert.deepEqual(lock.requires.skills?.['itinerary-pricing']?.output, ['application/json']);
});
