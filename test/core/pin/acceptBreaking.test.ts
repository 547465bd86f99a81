/** Accepting a breaking change: the selection kept as far as the agent still offers it, pinned against the card now. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildLockfile } from '../../../server/src/core/pin/buildLockfile';
import { pinWhatIsOffered } from '../../../server/src/core/pin/acceptBreaking';
import { PinError } from '../../../server/src/core/pin/errors';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { cardDigest } from '../../../server/src/core/card/digest';
import { pricingCard } from '../../../examples/pricing-agent/cards';

const now = () => new Date('2026-10-02T08:00:00.000Z');
const base = pricingCard('http://127.0.0.1:1', 'base');
const lock = buildLockfile({
  profile: compileProfile(base),
  cardDigest: cardDigest(base),
  agentUrl: 'http://127.0.0.1:1/.well-known/agent-card.json',
  selection: { skills: ['itinerary-pricing', 'currency-convert'], input: ['text/plain'], streaming: true },
  now,
});

function accept(card: ReturnType<typeof pricingCard>) {
  return pinWhatIsOffered({ lock, profile: compileProfile(card), cardDigest: cardDigest(card), now });
}

test('an input no longer accepted: the skill pins what it accepts now; the rest of the selection stays', () => {
  const card = pricingCard('http://127.0.0.1:1', 'narrowed-input');
  const next = accept(card);
  assert.deepEqual(next.requires.skills?.['itinerary-pricing']?.input, ['application/json']);
  assert.deepEqual(next.requires.skills?.['currency-convert']?.input, ['text/plain']);
  assert.equal(next.requires.streaming, true);
  assert.equal(next.card_digest, cardDigest(card));
  assert.equal(next.agent, lock.agent);
});

test('streaming no longer declared: no longer required', () => {
  const next = accept(pricingCard('http://127.0.0.1:1', 'no-streaming'));
  assert.equal(next.requires.streaming, undefined);
});

test('a skill no longer offered leaves the selection; none left is a PinError', () => {
  const card = pricingCard('http://127.0.0.1:1', 'base');
  const oneLeft = { ...card, skills: card.skills.filter((s) => s.id === 'currency-convert') };
  assert.deepEqual(Object.keys(accept(oneLeft).requires.skills ?? {}), ['currency-convert']);
  assert.throws(
    () => accept({ ...card, skills: [] }),
    (err) => err instanceof PinError && /none of the pinned skills/.test(err.message),
  );
});

test('a lockfile pinned through a catalog keeps recording where the agent was found', () => {
  const foundVia = { catalog: 'http://127.0.0.1:1/ai-catalog.json', identifier: 'urn:air:example.test:pricing' };
  const card = pricingCard('http://127.0.0.1:1', 'narrowed-input');
  const next = pinWhatIsOffered({
    lock: { ...lock, found_via: foundVia },
    profile: compileProfile(card),
    cardDigest: cardDigest(card),
    now,
  });
  assert.deepEqual(next.found_via, foundVia);
});
