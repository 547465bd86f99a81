/**
 * `ignore` in .a2a/config.json through the CLI: a suppressed finding leaves text and JSON (counted), stays in SARIF
 * as suppressed (kind external, the reason as justification), is not in Code Quality or GitHub annotations; an
 * expired entry reports its finding again with a note; an entry matching nothing is stale; and a repository cannot
 * suppress a rule that protects the reader unless the run allows repository overrides.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';
import { sarifErrors } from './sarifSchema';

const REPO = join(__dirname, '..', 'fixtures', 'suppressions', 'repo');
const CARD = 'agents/travel/agent-card.json';

interface JsonFinding {
  file: string;
  code: string;
  pointer: string;
  message: string;
}

function repo(t: { after: (fn: () => void) => void }): string {
  const dir = tempDir(t, 'a2a-ignore-');
  cpSync(REPO, dir, { recursive: true });
  return dir;
}

async function json(dir: string, extra: string[] = []): Promise<{ findings: JsonFinding[]; suppressed?: number }> {
  const run = await cli(['lint', CARD, '--format', 'json', ...extra], dir);
  assert.equal(run.stderr, '');
  return JSON.parse(run.stdout);
}

test('lint: a matching entry suppresses its finding; JSON leaves it out and counts it', async (t) => {
  const out = await json(repo(t));
  assert.ok(!out.findings.some((f) => f.code === 'unknown-field'), 'unknown-field at /x-legacy is suppressed');
  assert.equal(out.suppressed, 1);
});

test('lint: an expired entry reports its finding again, with a note naming the entry', async (t) => {
  const out = await json(repo(t));
  const expired = out.findings.find((f) => f.code === 'skill-description-length');
  assert.ok(expired, 'reported again');
  assert.match(expired.message, /the suppression in \.a2a\/config\.json \/ignore\/1 expired on 2000-01-01/);
});

test('lint: an entry matching nothing in the files it covers is stale, at the entry; one for files not linted is not', async (t) => {
  const out = await json(repo(t));
  const stale = out.findings.filter((f) => f.code === 'stale-suppression');
  assert.deepEqual(
    stale.map((f) => [f.file, f.pointer]),
    [['.a2a/config.json', '/ignore/3']],
  );
});

test('lint: a fork cannot suppress a reader-protecting rule; --allow-repo-rule-overrides lets it', async (t) => {
  const dir = repo(t);
  const untrusted = await json(dir);
  const poisoning = untrusted.findings.find((f) => f.code === 'discovery-poisoning');
  assert.ok(poisoning, 'still reported without the flag');
  assert.match(poisoning.message, /cannot suppress discovery-poisoning/);
  const allowed = await json(dir, ['--allow-repo-rule-overrides']);
  assert.ok(!allowed.findings.some((f) => f.code === 'discovery-poisoning'));
  assert.equal(allowed.suppressed, 2);
});

test('lint: secrets-in-card cannot be suppressed by the repository either', async (t) => {
  const dir = repo(t);
  const card = JSON.parse(readFileSync(join(dir, CARD), 'utf8'));
  card['x-token'] = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
  writeFileSync(join(dir, CARD), JSON.stringify(card, null, 2));
  const config = JSON.parse(readFileSync(join(dir, '.a2a', 'config.json'), 'utf8'));
  config.ignore.push({ rule: 'secrets-in-card', reason: 'a fork says it is fine' });
  writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify(config, null, 2));
  const out = await json(dir);
  assert.ok(
    out.findings.some((f) => f.code === 'secrets-in-card'),
    'the leaked credential is still reported',
  );
});

test('lint text: the summary counts the suppressed findings', async (t) => {
  const run = await cli(['lint', CARD], repo(t));
  assert.match(run.stdout, /in 2 files \(1 suppressed\)\n$/);
  assert.ok(!run.stdout.includes('x-legacy'), 'the suppressed finding is not listed');
});

test('lint SARIF: the suppressed finding is a result with an external suppression and its reason; valid SARIF', async (t) => {
  const run = await cli(['lint', CARD, '--format', 'sarif'], repo(t));
  const log = JSON.parse(run.stdout);
  assert.deepEqual(sarifErrors(log), []);
  const results = log.runs[0].results as { ruleId: string; suppressions?: unknown[] }[];
  const suppressed = results.filter((r) => r.suppressions);
  assert.deepEqual(
    suppressed.map((r) => [r.ruleId, r.suppressions]),
    [
      [
        'unknown-field',
        [{ kind: 'external', status: 'accepted', justification: 'kept for the v0 clients until they move to 1.0' }],
      ],
    ],
  );
});

test('lint codequality and github: suppressed findings are not there', async (t) => {
  const dir = repo(t);
  const quality = JSON.parse((await cli(['lint', CARD, '--format', 'codequality'], dir)).stdout) as {
    check_name: string;
  }[];
  assert.ok(!quality.some((q) => q.check_name === 'unknown-field'));
  const github = (await cli(['lint', CARD, '--format', 'github'], dir)).stdout;
  assert.ok(!github.includes('unknown-field'));
  assert.match(github, /\(1 suppressed\)\n$/);
});

test('lint: a malformed entry is one usage error naming the entry', async (t) => {
  const dir = repo(t);
  const bad = (ignore: unknown) => writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify({ ignore }));
  bad([{ rule: 'unknown-field' }]);
  let run = await cli(['lint', CARD], dir);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /\/ignore\/0\/reason: is required/);
  bad([{ rule: 'unknown-field', reason: 'x', until: '2026-02-30' }]);
  run = await cli(['lint', CARD], dir);
  assert.match(run.stderr, /\/ignore\/0\/until: must be a date YYYY-MM-DD/);
  bad([{ rule: 'no-such-rule', reason: 'x' }]);
  run = await cli(['lint', CARD], dir);
  assert.match(run.stderr, /\/ignore\/0\/rule: "no-such-rule" is not a rule id/);
  bad([{ rule: 'unknown-field', reason: 'x', pointr: '/x' }]);
  run = await cli(['lint', CARD], dir);
  assert.match(run.stderr, /\/ignore\/0\/pointr: unknown member \(did you mean "pointer"\?\)/);
});
