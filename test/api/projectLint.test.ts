/**
 * The library's `lint` with a project configuration: the same policies and `ignore` entries as the CLI and the
 * editor, with the reader-protecting floor unless the caller allows repository overrides.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lint } from '../../server/src/api';

const REPO = join(__dirname, '..', 'fixtures', 'suppressions', 'repo');
const FILE = 'agents/travel/agent-card.json';
const text = readFileSync(join(REPO, FILE), 'utf8');
const project = JSON.parse(readFileSync(join(REPO, '.a2a', 'config.json'), 'utf8')) as { ignore: unknown[] };

test('library lint: ignore entries suppress (counted), expired ones say so, the floor holds', () => {
  const report = lint(text, { fileName: FILE, project });
  const codes = report.findings.map((f) => f.code);
  assert.ok(!codes.includes('unknown-field'));
  assert.equal(report.suppressed, 1);
  assert.match(report.findings.find((f) => f.code === 'skill-description-length')?.message ?? '', /expired/);
  assert.ok(codes.includes('discovery-poisoning'), 'not suppressed without allowRepoRuleOverrides');
  const allowed = lint(text, { fileName: FILE, project, allowRepoRuleOverrides: true });
  assert.ok(!allowed.findings.some((f) => f.code === 'discovery-poisoning'));
  assert.equal(lint(text, { fileName: FILE }).suppressed, 0);
});

test('library lint: policies run on the card; an invalid project throws naming the member', () => {
  const withPolicy = {
    policies: [{ id: 'no-streaming', severity: 'warning', message: 'm', expression: '!profile.streaming' }],
  };
  const report = lint(text, { fileName: FILE, project: withPolicy });
  assert.equal(report.findings.find((f) => f.code === 'no-streaming')?.pointer, '/capabilities/streaming');
  assert.throws(() => lint(text, { project: { ignore: [{ rule: 'unknown-field' }] } }), /\/ignore\/0\/reason/);
});
