/**
 * Every real card of the corpus (test/fixtures/corpus, see its SOURCES.tsv) is linted without a crash; the valid
 * 1.0 cards produce no `schema` error; the really broken ones produce the findings listed in
 * test/fixtures/cards/corpus.expected.json.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintDocument } from '../../server/src/core/lint';
import { findingOffsets } from '../../server/src/core/pointer/range';
import { corpusCards } from '../fixtures/corpus/corpus';

const expectations = JSON.parse(readFileSync(join(__dirname, '../fixtures/cards/corpus.expected.json'), 'utf8')) as {
  valid10: string[];
  broken: Record<string, [string, string][]>;
};

const cards = corpusCards();
const byName = new Map(cards.map((c) => [c.name, c]));

function lint(name: string) {
  const card = byName.get(name);
  assert.ok(card, `${name} is in the corpus`);
  const text = readFileSync(card.path, 'utf8');
  return { text, result: lintDocument(text, { fileName: name }) };
}

test('the corpus is there, in the repository', () =>
  assert.ok(cards.filter((c) => c.own).length >= 30, `found ${cards.length} corpus cards`));

test('every expectation names a card of the repository corpus', () => {
  const own = new Set(cards.filter((c) => c.own).map((c) => c.name));
  for (const name of [...expectations.valid10, ...Object.keys(expectations.broken)]) assert.ok(own.has(name), name);
});

for (const { name } of cards) {
  test(`corpus ${name}: linted without a crash, every finding locatable`, () => {
    const { text, result } = lint(name);
    assert.notEqual(result.kind, undefined);
    for (const f of result.findings) {
      const r = findingOffsets(text, f);
      assert.ok(r.offset >= 0 && r.offset + r.length <= text.length, `${f.code} ${f.pointer} in range`);
      assert.ok(f.message.length > 0);
    }
  });
}

for (const name of expectations.valid10) {
  test(`corpus ${name}: valid 1.0 card has no schema error`, () => {
    const schema = lint(name).result.findings.filter((f) => f.code === 'schema');
    assert.deepEqual(
      schema.map((f) => `${f.pointer}: ${f.message}`),
      [],
    );
  });
}

for (const [name, expected] of Object.entries(expectations.broken)) {
  test(`corpus ${name}: reports what is really broken`, () => {
    const got = new Set(lint(name).result.findings.map((f) => `${f.code} ${f.pointer}`));
    for (const [code, pointer] of expected)
      assert.ok(got.has(`${code} ${pointer}`), `expected ${code} at '${pointer}', got ${[...got].join('; ')}`);
  });
}
