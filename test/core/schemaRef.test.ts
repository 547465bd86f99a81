// `$schema` names the schema an editor should use; it says nothing about what the document is. Adding it to a
// document changes no finding (the fuzzer's property, test/fuzz/schemaRef.ts): here on every seed of the corpus.
// It once tipped a foreign "agent-card.json" (two card members, three others) into being linted as a card.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { detectKind } from '../../server/src/core/lint';
import { loadSeeds } from '../fuzz/seeds';
import { schemaRefCase, schemaRefFailures } from '../fuzz/schemaRef';

const FOREIGN = join(
  __dirname,
  '..',
  'fixtures',
  'corpus',
  'other',
  'PubNubCareers__daily-wordle-agent__agent-card.json',
);
const CARD_SCHEMA =
  'https://raw.githubusercontent.com/a2a-capabilities/a2a-capabilities/main/schemas/agent-card-1.0.schema.json';

test('a foreign document stays foreign when it names a $schema', () => {
  const value = JSON.parse(readFileSync(FOREIGN, 'utf8')) as Record<string, unknown>;
  assert.equal(detectKind(value, 'agent-card.json'), 'unknown');
  assert.equal(detectKind({ $schema: CARD_SCHEMA, ...value }, 'agent-card.json'), 'unknown');
});

test('every seed document lints the same with a $schema member as without', () => {
  let cases = 0;
  let n = 0;
  const rng = () => (n = (n * 9301 + 49297) % 233280) / 233280;
  for (const seed of loadSeeds().seeds) {
    const c = schemaRefCase(rng, seed);
    if (!c) continue;
    cases++;
    assert.deepEqual(schemaRefFailures(c), [], c.op);
  }
  assert.ok(cases > 100, `${cases} seeds`);
});
