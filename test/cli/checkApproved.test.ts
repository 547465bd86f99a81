/**
 * `a2acap check --approved-by TEXT`: breaking and review problems pass (exit 0) and every report marks them as
 * approved: the JSON result and problem, the text lines, SARIF (a valid log, the result's `approved` property).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cli } from './helpers';
import { sarifErrors } from './sarifSchema';

const FIXTURE = join(__dirname, '..', 'fixtures', 'check', 'breaking-streaming-gone');

describe('check --approved-by', () => {
  it('passes breaking problems, marked as approved in JSON, text and SARIF', async () => {
    const args = ['check', '--card', 'card.json', 'lock.json', '--approved-by', 'label "approved-breaking-change"'];
    const json = await cli([...args, '--format', 'json'], FIXTURE);
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as {
      results: { approved?: true; problems: { level: string; approved?: string }[] }[];
      summary: { approved?: number; breaking: number };
    };
    assert.equal(report.results[0]?.approved, true);
    assert.deepEqual(
      report.results[0]?.problems.map((p) => [p.level, p.approved]),
      [['breaking', 'label "approved-breaking-change"']],
    );
    assert.equal(report.summary.breaking, 1);
    assert.equal(report.summary.approved, 1);

    const text = await cli([...args, '--format', 'text'], FIXTURE);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /^breaking {2}lock\.json \(passes: approved\)$/m);
    assert.match(text.stdout, /capabilities\.streaming \(approved by label "approved-breaking-change"\)$/m);

    const sarif = await cli([...args, '--format', 'sarif'], FIXTURE);
    const log = JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; properties?: unknown }[] }[] };
    assert.deepEqual(sarifErrors(log), []);
    const breaking = log.runs[0]!.results.find((r) => r.ruleId === 'lockfile-breaking');
    assert.deepEqual(breaking?.properties, { approved: true, approvedBy: 'label "approved-breaking-change"' });
  });

  it('without it, the same lockfile fails; an empty text is a usage error', async () => {
    const plain = await cli(['check', '--card', 'card.json', 'lock.json'], FIXTURE);
    assert.equal(plain.code, 1);
    assert.doesNotMatch(plain.stdout, /approved/);
    const empty = await cli(['check', '--card', 'card.json', 'lock.json', '--approved-by', ' '], FIXTURE);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /--approved-by needs a text/);
  });
});
