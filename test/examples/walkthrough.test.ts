/**
 * The worked example stays in sync: examples/planner/pricing.a2a-lock.json is exactly what pinning the
 * example agent's base card on its default port gives, and each card version classifies as the walkthrough in docs/lockfiles.md says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CARD_VERSIONS, pricingCard } from '../../examples/pricing-agent/cards';
import { cardDigest } from '../../server/src/core/card/digest';
import { checkLockfile, parseLockfile } from '../../server/src/core/lockfile';
import { compileProfile } from '../../server/src/core/profile/compile';

const LOCK = join(__dirname, '..', '..', 'examples', 'planner', 'pricing.a2a-lock.json');
const BASE = 'http://127.0.0.1:41300';

test('the planner lockfile pins the base card served on the default port (same digest, no notes)', () => {
  const read = parseLockfile(readFileSync(LOCK, 'utf8'));
  assert.ok(read.ok);
  const card = pricingCard(BASE, 'base');
  assert.equal(read.lockfile.agent, `${BASE}/.well-known/agent-card.json`);
  assert.equal(read.lockfile.card_digest, cardDigest(card));
  assert.deepEqual(checkLockfile(read.lockfile, compileProfile(card), { cardDigest: cardDigest(card) }), {
    classification: 'compatible',
    problems: [],
    notes: [],
  });
});

test('each card version classifies as the walkthrough shows', () => {
  const read = parseLockfile(readFileSync(LOCK, 'utf8'));
  assert.ok(read.ok);
  const expected = {
    base: 'compatible',
    description: 'compatible',
    version: 'review',
    'no-streaming': 'breaking',
    'narrowed-input': 'breaking',
  };
  // patch-version is the probe example of docs/before-you-publish.md, not a step of the lockfile walkthrough.
  for (const version of CARD_VERSIONS.filter((v) => v !== 'patch-version')) {
    const card = pricingCard(BASE, version);
    assert.equal(checkLockfile(read.lockfile, compileProfile(card)).classification, expected[version], version);
  }
});
