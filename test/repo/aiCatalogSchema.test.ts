/**
 * schemas/ai-catalog.schema.json describes the AI Catalog as the discovery reference gives it: every catalog under
 * test/fixtures/ai-catalog/valid is accepted, and each one under invalid/ breaks one rule of the format (an entry
 * names exactly one of url and data, a media type as `type` or `mediaType`, an identifier; specVersion is
 * Major.Minor; a host has a display name).
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'ai-catalog');

function validator() {
  // `required` inside anyOf/oneOf names members the entry's properties define; formats are hints for editors.
  const ajv = new Ajv2020({ strict: true, strictRequired: false, validateFormats: false, allErrors: true });
  return ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas', 'ai-catalog.schema.json'), 'utf8')));
}

const documents = (kind: 'valid' | 'invalid') =>
  readdirSync(join(FIXTURES, kind))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({
      name: `${kind}/${f}`,
      value: JSON.parse(readFileSync(join(FIXTURES, kind, f), 'utf8')) as unknown,
    }));

test('the AI Catalog schema compiles under strict ajv and accepts every valid catalog', () => {
  const validate = validator();
  const valid = documents('valid');
  assert.ok(valid.length >= 3);
  for (const d of valid) assert.ok(validate(d.value), `${d.name}: ${JSON.stringify(validate.errors)}`);
});

test('the AI Catalog schema refuses each invalid catalog', () => {
  const validate = validator();
  const invalid = documents('invalid');
  assert.ok(invalid.length >= 7);
  for (const d of invalid) assert.equal(validate(d.value), false, `${d.name} is accepted`);
});
