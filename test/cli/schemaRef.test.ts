// `a2acap lint` and `a2acap check` on a card, a lockfile and a .a2a/config.json that each name their JSON Schema in
// `$schema` (our published $id URLs, test/fixtures/schema-ref/): no unknown-field finding, no schema error, the
// configuration read as usual.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli } from './helpers';

const DIR = join(__dirname, '..', 'fixtures', 'schema-ref');

test('lint: a card and a lockfile naming their $schema, under a configuration naming its own: no findings', async () => {
  const r = await cli(['lint', 'agent-card.json', 'travel.a2a-lock.json', '--format', 'json'], DIR);
  assert.equal(r.code, 0, r.output);
  assert.equal(r.stderr, '');
  const report = JSON.parse(r.stdout) as { files: { findings: unknown[] }[] } | { findings: unknown[] }[];
  assert.doesNotMatch(JSON.stringify(report), /"(unknown-field|schema|config-[a-z-]+)"/);
});

test('check: the lockfile naming its $schema is compatible with the card naming its own', async () => {
  const r = await cli(['check', 'travel.a2a-lock.json', '--card', 'agent-card.json', '--format', 'json'], DIR);
  assert.equal(r.code, 0, r.output);
  const report = JSON.parse(r.stdout) as { classification: string; problems: unknown[] };
  assert.equal(report.classification, 'compatible');
  assert.deepEqual(report.problems, []);
});
