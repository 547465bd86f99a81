// A card, a lockfile or a project configuration that names its JSON Schema in `$schema` (our published $id URLs,
// test/fixtures/schema-ref/) is a document like any other for the library: no finding, a lockfile that reads and
// checks. The same documents in the CLI: test/cli/schemaRef.test.ts; in the language server: test/lsp/schemaRef.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkLockfile, lint, readLockfile } from '../../server/src/api/index';

const DIR = join(__dirname, '..', 'fixtures', 'schema-ref');
const text = (name: string): string => readFileSync(join(DIR, name), 'utf8');

test('lint: a card and a lockfile naming their $schema have no finding', () => {
  const card = lint(text('agent-card.json'), { fileName: 'agent-card.json' });
  assert.equal(card.kind, 'card');
  assert.deepEqual(card.findings, []);
  const lock = lint(text('travel.a2a-lock.json'), { fileName: 'travel.a2a-lock.json' });
  assert.equal(lock.kind, 'lockfile');
  assert.deepEqual(lock.findings, []);
});

test('readLockfile and checkLockfile: a lockfile naming its $schema reads and is compatible with its card', () => {
  const read = readLockfile(text('travel.a2a-lock.json'));
  assert.ok(read.ok, JSON.stringify(read));
  assert.match(read.lockfile.$schema ?? '', /^https:\/\/raw\.githubusercontent\.com\/.+\/a2a-lock\.schema\.json$/);
  const result = checkLockfile(read.lockfile, JSON.parse(text('agent-card.json')));
  assert.equal(result.classification, 'compatible');
  assert.deepEqual(result.problems, []);
});
