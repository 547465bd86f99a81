/**
 * The rule catalog and the fixture folders, walked together: every rule lint reports has a folder
 * `test/fixtures/cards/<rule-id>/`, every folder names a rule (or is `valid`), and every fixture's findings are
 * compared with its `.expected.json` (see harness.ts).
 */
import { strict as assert } from 'node:assert';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { RULES } from '../../../server/src/core/rules/catalog';
import { FIXTURES, ruleFixtureTests } from './harness';

/** Folders that are not a rule's. */
const NOT_A_RULE = new Set(['valid']);

/** Rules lint reports that no fixture can produce, and where they are tested instead. */
const NO_FIXTURES: Readonly<Record<string, string>> = {
  'internal-error': 'only a throwing rule produces it: test/core/lint.test.ts',
};

const folders = readdirSync(FIXTURES)
  .filter((name) => statSync(join(FIXTURES, name)).isDirectory())
  .sort();
const lintRuleIds = RULES.filter((r) => r.producedBy === undefined).map((r) => r.id);

test('every rule lint reports has a fixture folder', () => {
  const missing = lintRuleIds.filter((id) => !folders.includes(id) && !(id in NO_FIXTURES));
  assert.deepEqual(missing, [], 'add test/fixtures/cards/<rule-id>/ with a fixture and its .expected.json');
});

test('every fixture folder names a rule lint reports', () => {
  const orphans = folders.filter((name) => !NOT_A_RULE.has(name) && !lintRuleIds.includes(name));
  assert.deepEqual(orphans, []);
});

test('the rules without fixtures are rules lint reports, and have no folder', () => {
  for (const id of Object.keys(NO_FIXTURES)) {
    assert.ok(lintRuleIds.includes(id), id);
    assert.ok(!folders.includes(id), `${id} has fixtures now: drop it from NO_FIXTURES`);
  }
});

for (const folder of folders) ruleFixtureTests(folder);
