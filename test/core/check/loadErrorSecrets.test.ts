/**
 * A card the schema refuses is reported by its first schema finding, which quotes the card (a member's name, a
 * value): a credential written there (here, as a scheme's name) is taken out of the message, as it is from lint's
 * findings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryCardCache } from '../../../server/src/core/cache/loadedCards';
import { createCardLoader } from '../../../server/src/core/check/cardLoader';
import { secretRunsIn } from '../../secretLeak';
import { pricingCard } from '../../../examples/pricing-agent/cards';

const TOKEN = 'glpat-sI5556LK3Es1zmZQ9J9K';

function loadError(card: unknown): string {
  const loader = createCardLoader({
    source: { fetch: () => Promise.reject(new Error('not used')) },
    cache: new MemoryCardCache(),
  });
  try {
    loader.loadValue('agent-card.json', card);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  assert.fail('the card loaded');
}

test('a member named with a token: the message says where, without the token', () => {
  const card = pricingCard('https://p.example.test', 'base') as unknown as { securitySchemes: object };
  const message = loadError({ ...card, securitySchemes: { ...card.securitySchemes, [TOKEN]: 5 } });
  assert.match(message, /^agent-card\.json: not a valid A2A 1\.0 agent card: \/securitySchemes\//);
  assert.deepEqual(secretRunsIn(message, [TOKEN]), [], message);
});
