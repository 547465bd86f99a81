/**
 * Stale `ignore` entries in `a2acap check`: an entry for a policy id whose `file` covers a checked lockfile and that
 * accepted none of its problems is reported at the entry in .a2a/config.json, in the text, JSON and SARIF reports,
 * without changing the exit code. Entries for rule ids (lint's to judge) and entries whose `file` covers no checked
 * lockfile are not judged.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'checkPolicies');

const IGNORE = [
  // 0: accepts a problem of violates.lock.json
  { rule: 'https-only', file: 'violates.lock.json', reason: 'the staging interface stays on http' },
  // 1: covers violates.lock.json, but no problem is at /skills: stale
  { rule: 'streaming-required', file: 'violates.lock.json', pointer: '/skills', reason: 'wrong member' },
  // 2: a rule id: lint judges it, check does not
  { rule: 'unknown-field', file: '*.lock.json', reason: 'lint decides' },
  // 3: covers no lockfile of the run: not judged
  { rule: 'oauth2-pkce', file: 'other/*.lock.json', reason: 'elsewhere' },
  // 4: covers complies.lock.json, whose card complies: stale
  { rule: 'https-only', file: 'complies.lock.json', reason: 'no longer needed' },
];

function project(t: { after: (fn: () => void) => void }, ignore: unknown[] = IGNORE): string {
  const dir = tempDir(t, 'a2a-check-stale-');
  cpSync(FIXTURE, dir, { recursive: true });
  const path = join(dir, '.a2a', 'config.json');
  const config = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify({ ...config, ignore }, null, 2));
  return dir;
}

const LOCKS = ['violates.lock.json', 'complies.lock.json'];

interface StaleJson {
  file: string;
  pointer: string;
  severity: string;
  message: string;
}

test('check: entries for a policy that accepted nothing are stale in the JSON report; the exit code stays', async (t) => {
  const dir = project(t);
  const run = await cli(['check', ...LOCKS, '--live', '--format', 'json'], dir);
  assert.equal(run.stderr, '');
  const report = JSON.parse(run.stdout) as { stale_suppressions?: StaleJson[] };
  assert.deepEqual(
    report.stale_suppressions?.map((s) => [s.file, s.pointer, s.severity]),
    [
      ['.a2a/config.json', '/ignore/1', 'warning'],
      ['.a2a/config.json', '/ignore/4', 'warning'],
    ],
  );
  assert.match(report.stale_suppressions![1]!.message, /matches no https-only finding in complies\.lock\.json/);
  const without = await cli(['check', ...LOCKS, '--live', '--format', 'json'], project(t, IGNORE.slice(0, 1)));
  assert.equal(run.code, without.code, 'stale entries do not change the exit code');
  assert.equal(JSON.parse(without.stdout).stale_suppressions, undefined);
});

test('check: a run whose lockfiles all pass keeps exit 0 with a stale entry, reported in the text', async (t) => {
  const dir = project(t);
  const run = await cli(['check', 'complies.lock.json', '--live', '--format', 'text'], dir);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /^stale {2}\.a2a\/config\.json \/ignore\/4 {2}This ignore entry matches no https-only/m);
  assert.doesNotMatch(run.stdout, /\/ignore\/1\b/, 'violates.lock.json was not checked: entry 1 is not judged');
});

test('check: SARIF has a stale-suppression result on the entry in .a2a/config.json', async (t) => {
  const dir = project(t);
  const run = await cli(['check', ...LOCKS, '--live', '--format', 'sarif'], dir);
  const sarif = JSON.parse(run.stdout) as {
    runs: {
      tool: { driver: { rules: { id: string }[] } };
      results: {
        ruleId: string;
        level: string;
        locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
      }[];
    }[];
  };
  const stale = sarif.runs[0]!.results.filter((r) => r.ruleId === 'stale-suppression');
  assert.equal(stale.length, 2);
  const configLines = readFileSync(join(dir, '.a2a', 'config.json'), 'utf8').split('\n');
  const place = stale[1]!.locations[0]!.physicalLocation;
  assert.equal(place.artifactLocation.uri, '.a2a/config.json');
  assert.match(String(configLines[place.region!.startLine - 1]), /\{|"rule": "https-only"/);
  assert.ok(sarif.runs[0]!.tool.driver.rules.some((r) => r.id === 'stale-suppression'));
});

test('check: stale-suppression "off" in the configuration reports none', async (t) => {
  const dir = project(t);
  const path = join(dir, '.a2a', 'config.json');
  const config = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify({ ...config, rules: { 'stale-suppression': 'off' } }));
  const run = await cli(['check', ...LOCKS, '--live', '--format', 'json'], dir);
  assert.equal(JSON.parse(run.stdout).stale_suppressions, undefined);
});
