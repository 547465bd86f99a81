/**
 * Every real card in ../shared/corpus is linted without a crash; the valid 1.0 cards produce no `schema` error;
 * the really broken ones produce the findings listed in test/fixtures/cards/corpus.expected.json.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintDocument } from '../../server/src/core/lint';
import { findingOffsets } from '../../server/src/core/location';

const CORPUS = join(__dirname, '../../../shared/corpus');
const expectations = JSON.parse(readFileSync(join(__dirname, '../fixtures/cards/corpus.expected.json'), 'utf8')) as {
  valid10: string[];
  broken: Record<string, [string, string][]>;
};

const files = existsSync(CORPUS)
  ? ['v1', 'v03', 'other'].flatMap((d) => (existsSync(join(CORPUS, d)) ? readdirSync(join(CORPUS, d)).filter((f) => f.endsWith('.json')).map((f) => `${d}/${f}`) : []))
  : [];

function lint(file: string) {
  const text = readFileSync(join(CORPUS, file), 'utf8');
  return { text, result: lintDocument(text, { fileName: file }) };
}

test('the corpus is there', () => assert.ok(files.length >= 30, `found ${files.length} corpus cards`));

for (const file of files) {
  test(`corpus ${file}: linted without a crash, every finding locatable`, () => {
    const { text, result } = lint(file);
    assert.notEqual(result.kind, undefined);
    for (const f of result.findings) {
      const r = findingOffsets(text, f);
      assert.ok(r.offset >= 0 && r.offset + r.length <= text.length, `${f.code} ${f.pointer} in range`);
      assert.ok(f.message.length > 0);
    }
  });
}

for (const file of expectations.valid10) {
  test(`corpus ${file}: valid 1.0 card has no schema error`, () => {
    const schema = lint(file).result.findings.filter((f) => f.code === 'schema');
    assert.deepEqual(schema.map((f) => `${f.pointer}: ${f.message}`), []);
  });
}

for (const [file, expected] of Object.entries(expectations.broken)) {
  test(`corpus ${file}: reports what is really broken`, () => {
    const got = new Set(lint(file).result.findings.map((f) => `${f.code} ${f.pointer}`));
    for (const [code, pointer] of expected) assert.ok(got.has(`${code} ${pointer}`), `expected ${code} at '${pointer}', got ${[...got].join('; ')}`);
  });
}
