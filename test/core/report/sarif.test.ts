/** core/report/sarif.ts: the one SARIF builder (lint and check). Placement, metadata and URIs; schema-valid. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactUri, buildSarif, sarifLevel, type SarifEntry } from '../../../server/src/core/report/sarif';
import { REPOSITORY_URL, RULES, ruleDocsUrl } from '../../../server/src/core/rules/catalog';
import { sarifErrors } from '../../cli/sarifSchema';
import { at } from '../../at';

const range = { start: { line: 2, character: 4 }, end: { line: 2, character: 9 } };
const entries: SarifEntry[] = [
  { ruleId: 'unknown-field', severity: 'warning', message: 'm1', file: 'cards/a.json', pointer: '/skills/0/x', range },
  { ruleId: 'lockfile-error', severity: 'error', message: 'm2', file: 'l.a2a-lock.json', pointer: '' },
  { ruleId: 'not-in-the-catalog', severity: 'hint', message: 'm3', file: 'b.json', pointer: '/a~1b' },
];

test('every result: file + region when known; the pointer as the logical location (none for the whole document)', () => {
  const log = buildSarif(entries, RULES, '9.9.9');
  assert.deepEqual(sarifErrors(log), []);
  const [a, b, c] = at(log.runs, 0).results!;
  assert.deepEqual(a!.locations, [
    {
      physicalLocation: {
        artifactLocation: { uri: 'cards/a.json' },
        region: { startLine: 3, startColumn: 5, endLine: 3, endColumn: 10 },
      },
      logicalLocations: [{ fullyQualifiedName: '/skills/0/x', kind: 'member' }],
    },
  ]);
  assert.deepEqual(b!.locations, [{ physicalLocation: { artifactLocation: { uri: 'l.a2a-lock.json' } } }]);
  assert.equal(at(at(c!.locations!, 0).logicalLocations, 0).fullyQualifiedName, '/a~1b');
  assert.deepEqual([a!.level, b!.level, c!.level], ['warning', 'error', 'note']);
  assert.equal(at(at(log.runs, 0).tool.driver.rules, a!.ruleIndex!).id, 'unknown-field');
  assert.equal(c!.ruleIndex, undefined, 'no index for a rule the run does not list');
  assert.equal(JSON.stringify(log).includes('"properties"'), false, 'the pointer is in one place only');
});

test('driver and rule metadata come from the catalog', () => {
  const rules = RULES.filter((r) => r.producedBy === 'check');
  const driver = at(buildSarif([], rules, '1.2.3').runs, 0).tool.driver;
  assert.equal(driver.name, 'a2acap');
  assert.equal(driver.version, '1.2.3');
  assert.equal(driver.informationUri, REPOSITORY_URL);
  assert.deepEqual(
    driver.rules,
    rules.map((r) => ({
      id: r.id,
      name: r.id,
      shortDescription: { text: r.title },
      helpUri: ruleDocsUrl(r.id),
      defaultConfiguration: { level: sarifLevel(r.defaultSeverity) },
    })),
  );
  assert.deepEqual(
    driver.rules!.map((r) => r.defaultConfiguration!.level),
    ['error', 'warning', 'note', 'error'],
  );
});

test('artifact URIs: relative, "/"-separated, percent-encoded (a space, "#", "?" and "%" cannot break the reference)', () => {
  const cases: [string, string][] = [
    ['a.json', 'a.json'],
    ['./a.json', 'a.json'],
    ['dir\\sub\\a.json', 'dir/sub/a.json'],
    ['my cards/a#1?.json', 'my%20cards/a%231%3F.json'],
    ['100%.json', '100%25.json'],
    ['../up/ü.json', '../up/%C3%BC.json'],
  ];
  for (const [file, uri] of cases) assert.equal(artifactUri(file), uri, file);
});
