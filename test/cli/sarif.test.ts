/**
 * `lint --format sarif` and `check --format sarif` come from one builder (core/report/sarif.ts): the same driver, the
 * same rule metadata shape, each result's pointer as its logical location and the member's region in the file.
 * (check used to put the pointer in properties.pointer and to write paths unencoded; lint wrote "/" for the root.)
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, tempDir } from './helpers';
import { sarifErrors } from './sarifSchema';
import { FINGERPRINT } from '../../server/src/core/report/sarif';
import { at, field } from '../at';

const FIXTURES = join(__dirname, '..', 'fixtures');

interface Loc {
  physicalLocation: {
    artifactLocation: { uri: string };
    region?: { startLine: number; startColumn: number; endLine: number; endColumn: number };
  };
  logicalLocations?: { fullyQualifiedName: string }[];
}
interface SarifResult {
  ruleId: string;
  level: string;
  locations: Loc[];
}

function sliceAt(text: string, region: NonNullable<Loc['physicalLocation']['region']>): string {
  const lines = text.split('\n');
  assert.equal(region.startLine, region.endLine, 'these values are on one line');
  return at(lines, region.startLine - 1).slice(region.startColumn - 1, region.endColumn - 1);
}

test('lint and check SARIF: one driver, one rule shape, pointers as logical locations, regions on the member', async (t) => {
  const dir = tempDir(t, 'a2a-sarif-');
  mkdirSync(join(dir, 'my cards'));
  // Names with a space and "#": the artifact URI must still be one valid reference.
  copyFileSync(join(FIXTURES, 'cards', 'unknown-field', 'typos.json'), join(dir, 'my cards', 'typos#1.json'));
  copyFileSync(
    join(FIXTURES, 'check', 'breaking-streaming-gone', 'lock.json'),
    join(dir, 'my cards', 'l#1.a2a-lock.json'),
  );
  copyFileSync(join(FIXTURES, 'check', 'breaking-streaming-gone', 'card.json'), join(dir, 'card.json'));

  const lintJson = JSON.parse((await cli(['lint', 'my cards/typos#1.json', '--format', 'json'], dir)).stdout) as {
    findings: { code: string; pointer: string }[];
  };
  const lint = await cli(['lint', 'my cards/typos#1.json', '--format', 'sarif'], dir);
  const check = await cli(['check', 'my cards/l#1.a2a-lock.json', '--card', 'card.json', '--format', 'sarif'], dir);
  assert.equal(check.code, 1, check.stderr);
  const [lintLog, checkLog] = [JSON.parse(lint.stdout), JSON.parse(check.stdout)];
  assert.deepEqual(sarifErrors(lintLog), []);
  assert.deepEqual(sarifErrors(checkLog), []);

  const driver = (log: { runs: { tool: { driver: Record<string, unknown> } }[] }) => {
    const { rules, ...rest } = at(log.runs, 0).tool.driver as { rules: Record<string, unknown>[] };
    return { ...rest, ruleKeys: [...new Set(rules.map((r) => Object.keys(r).sort().join(',')))] };
  };
  assert.deepEqual(driver(checkLog), driver(lintLog));
  // The driver's version is the CLI's own (package.json), the one `a2acap --version` prints.
  const version = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  assert.equal(lintLog.runs[0].tool.driver.version, version);
  assert.equal((await cli(['--version'], dir)).stdout.trim(), version);
  const checkRules = checkLog.runs[0].tool.driver.rules as { id: string; helpUri: string }[];
  assert.deepEqual(
    checkRules.map((r) => r.id),
    ['lockfile-breaking', 'lockfile-review', 'lockfile-note', 'lockfile-error'],
  );
  assert.ok(
    checkRules.every((r) => r.helpUri.endsWith(`/docs/rules.md#${r.id}`)),
    'check rules link their docs/rules.md section too',
  );

  const lintResults = lintLog.runs[0].results as SarifResult[];
  assert.deepEqual(
    lintResults.map((r) => at(r.locations, 0).logicalLocations?.[0]?.fullyQualifiedName ?? ''),
    lintJson.findings.map((f) => f.pointer),
  );
  assert.ok(
    lintResults.every((r) => at(r.locations, 0).physicalLocation.artifactLocation.uri === 'my%20cards/typos%231.json'),
  );

  const checkResults = checkLog.runs[0].results as SarifResult[];
  const breaking = checkResults.find((r) => r.ruleId === 'lockfile-breaking')!;
  const note = checkResults.find((r) => r.ruleId === 'lockfile-note')!;
  assert.equal(breaking.level, 'error');
  assert.equal(note.level, 'note');
  assert.equal(at(at(breaking.locations, 0).logicalLocations, 0).fullyQualifiedName, '/requires/streaming');
  assert.equal(at(at(note.locations, 0).logicalLocations, 0).fullyQualifiedName, '/card_digest');
  assert.equal(at(breaking.locations, 0).physicalLocation.artifactLocation.uri, 'my%20cards/l%231.a2a-lock.json');
  const lockText = readFileSync(join(dir, 'my cards', 'l#1.a2a-lock.json'), 'utf8');
  assert.equal(sliceAt(lockText, at(breaking.locations, 0).physicalLocation.region!), 'true');
  assert.match(sliceAt(lockText, at(note.locations, 0).physicalLocation.region!), /^"sha256:[0-9a-f]{64}"$/);
  assert.equal(JSON.stringify(checkLog).includes('"properties"'), false);

  // Fingerprints: one per result, unique in the run, and the same for the same rule + file + pointer even when
  // the member moves to another line (code scanning keeps tracking the alert).
  const printsOf = (log: { runs: { results: { partialFingerprints: Record<string, string> }[] }[] }) =>
    at(log.runs, 0).results.map((r) => field(r.partialFingerprints, FINGERPRINT));
  for (const log of [lintLog, checkLog]) {
    const prints = printsOf(log);
    assert.ok(prints.every((p) => /^[0-9a-f]{64}$/.test(p)));
    assert.equal(new Set(prints).size, prints.length, 'unique within the run');
  }
  writeFileSync(join(dir, 'my cards', 'l#1.a2a-lock.json'), `\n\n${JSON.stringify(JSON.parse(lockText), null, 4)}\n`);
  const moved = JSON.parse(
    (await cli(['check', 'my cards/l#1.a2a-lock.json', '--card', 'card.json', '--format', 'sarif'], dir)).stdout,
  );
  const movedBreaking = (moved.runs[0].results as SarifResult[]).find((r) => r.ruleId === 'lockfile-breaking')!;
  assert.notEqual(
    at(movedBreaking.locations, 0).physicalLocation.region!.startLine,
    at(breaking.locations, 0).physicalLocation.region!.startLine,
    'the member moved',
  );
  assert.deepEqual(printsOf(moved), printsOf(checkLog));
});
