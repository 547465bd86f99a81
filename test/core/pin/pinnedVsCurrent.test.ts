import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pinnedVsCurrent } from '../../../server/src/core/pin/pinnedVsCurrent';
import { buildLockfile } from '../../../server/src/core/pin/buildLockfile';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { pricingCard, type CardVersion } from '../../../examples/pricing-agent/cards';

const lock = buildLockfile({
  profile: compileProfile(pricingCard('http://127.0.0.1:1', 'base')),
  cardDigest: `sha256:${'a'.repeat(64)}`,
  agentUrl: 'http://127.0.0.1:1/.well-known/agent-card.json',
  selection: { skills: ['itinerary-pricing'], input: ['text/plain'], streaming: true },
  now: () => new Date(0),
});
const diffFor = (v: CardVersion) =>
  pinnedVsCurrent(lock, compileProfile(pricingCard('http://127.0.0.1:1', v))).diff.text;

test('the diff shows only what the lockfile records: each card version gives exactly its change', () => {
  assert.equal(diffFor('base'), '');
  assert.equal(diffFor('description'), '', 'descriptions, other skills, tags are not part of the pinned view');
  assert.equal(diffFor('version'), '~ /agent_version: "3.2.0" → "3.3.0"\n');
  assert.equal(diffFor('no-streaming'), '~ /streaming: true → false\n');
  assert.equal(diffFor('narrowed-input'), '- /skills/itinerary-pricing/input: "text/plain"\n');
});

test('the card\'s location is shown as "agent", never as the interface\'s URL (the lockfile records no endpoint)', () => {
  const r = pinnedVsCurrent(lock, compileProfile(pricingCard('http://127.0.0.1:1', 'base')));
  for (const side of [r.pinned, r.current]) {
    const view = JSON.parse(side) as { agent: string; interface: Record<string, unknown> };
    assert.equal(view.agent, 'http://127.0.0.1:1/.well-known/agent-card.json');
    assert.deepEqual(Object.keys(view.interface).sort(), ['binding', 'version']);
  }
});

test('both sides render as stable JSON; an unusable agent shows its reason', () => {
  const r = pinnedVsCurrent(lock, compileProfile({ nope: true }));
  assert.match(
    r.pinned,
    /^\{\n {2}"agent": "http:\/\/127\.0\.0\.1:1\/\.well-known\/agent-card\.json",\n {2}"agent_version": "3\.2\.0",/,
  );
  assert.match(r.current, /"usable": false/);
  assert.match(r.diff.text, /~ \/usable: true → false/);
});
