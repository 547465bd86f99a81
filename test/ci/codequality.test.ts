/**
 * `--format codequality` (lint and check): GitLab's Code Quality report, validated against the fields GitLab
 * documents (fixtures/gitlab-codequality.schema.json), with paths relative to the working directory (the
 * repository root in a GitLab job), fingerprints that survive moved lines and re-runs, and card text escaped.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Ajv from 'ajv';
import { cli, tempDir } from '../cli/helpers';
import { at } from '../at';

const FIXTURES = join(__dirname, '..', 'fixtures');
const validate = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync(join(__dirname, 'fixtures', 'gitlab-codequality.schema.json'), 'utf8')) as object,
);

interface Issue {
  check_name: string;
  description: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number; end: number } };
}

function report(stdout: string): Issue[] {
  const issues = JSON.parse(stdout) as Issue[];
  assert.ok(validate(issues), JSON.stringify(validate.errors, null, 2));
  return issues;
}

test('lint --format codequality: every finding an issue on its line, relative paths, the JSON findings one for one', async (t) => {
  const dir = tempDir(t, 'a2a-cq-');
  mkdirSync(join(dir, 'cards'));
  copyFileSync(join(FIXTURES, 'cards', 'unknown-field', 'typos.json'), join(dir, 'cards', 'typos.json'));
  const json = JSON.parse((await cli(['lint', 'cards/typos.json', '--format', 'json'], dir)).stdout) as {
    findings: { code: string; severity: string; range: { start: { line: number } } }[];
  };
  assert.ok(json.findings.length > 1, 'the fixture has findings');
  // Typed as ./cards/…, and as an absolute path: GitLab needs the path relative to the repository either way.
  for (const typed of ['./cards/typos.json', join(dir, 'cards', 'typos.json')]) {
    const run = await cli(['lint', typed, '--format', 'codequality'], dir);
    assert.equal(run.code, 0, run.stderr); // warnings only: the exit code is lint's own
    const issues = report(run.stdout);
    assert.deepEqual(
      issues.map((i) => i.check_name),
      json.findings.map((f) => f.code),
    );
    assert.deepEqual(
      issues.map((i) => i.location.lines.begin),
      json.findings.map((f) => f.range.start.line + 1),
    );
    assert.ok(
      issues.every((i) => i.location.path === 'cards/typos.json'),
      JSON.stringify(issues.map((i) => i.location.path)),
    );
    assert.deepEqual(
      issues.map((i) => i.severity),
      json.findings.map((f) => ({ error: 'major', warning: 'minor', info: 'info', hint: 'info' })[f.severity]),
    );
    assert.equal(
      new Set(issues.map((i) => i.fingerprint)).size,
      issues.length,
      'fingerprints are unique within a report',
    );
  }
});

test('lint --format codequality: fingerprints stay when lines move, and card text is escaped', async (t) => {
  const dir = tempDir(t, 'a2a-cq-');
  const card = JSON.parse(readFileSync(join(FIXTURES, 'cards', 'unknown-field', 'typos.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  // An unknown member whose name would clear a terminal and reverse the text around it.
  const hostile = 'x\u001b[2J\u202eevil\nline';
  writeFileSync(join(dir, 'a.agent-card.json'), JSON.stringify({ ...card, [hostile]: 1 }, null, 2));
  const first = report((await cli(['lint', 'a.agent-card.json', '--format', 'codequality'], dir)).stdout);
  const again = report((await cli(['lint', 'a.agent-card.json', '--format', 'codequality'], dir)).stdout);
  assert.deepEqual(again, first, 'the same report on every run');
  const mentioning = first.filter((i) => i.description.includes('evil'));
  assert.ok(mentioning.length > 0, 'a finding names the hostile member');
  for (const i of mentioning) {
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(i.description, /[\u001b\u202e\n]/);
    assert.match(i.description, /\\u001b\[2J\\u202eevil\\nline/);
  }
  // The same card written on one line: every finding moves, no fingerprint changes.
  writeFileSync(join(dir, 'a.agent-card.json'), JSON.stringify({ ...card, [hostile]: 1 }));
  const moved = report((await cli(['lint', 'a.agent-card.json', '--format', 'codequality'], dir)).stdout);
  assert.ok(
    moved.some((m, k) => m.location.lines.begin !== at(first, k).location.lines.begin),
    'lines moved',
  );
  assert.deepEqual(moved.map((i) => i.fingerprint).sort(), first.map((i) => i.fingerprint).sort());
});

test('check --format codequality: problems on their lockfile member, exit code as --fail-on, unreadable lockfile an issue', async (t) => {
  const dir = tempDir(t, 'a2a-cq-');
  mkdirSync(join(dir, 'locks'));
  copyFileSync(
    join(FIXTURES, 'check', 'breaking-streaming-gone', 'lock.json'),
    join(dir, 'locks', 'travel.a2a-lock.json'),
  );
  copyFileSync(join(FIXTURES, 'check', 'breaking-streaming-gone', 'card.json'), join(dir, 'card.json'));
  writeFileSync(join(dir, 'locks', 'corrupt.a2a-lock.json'), '{ not json');
  const run = await cli(
    [
      'check',
      join(dir, 'locks', 'travel.a2a-lock.json'),
      'locks/corrupt.a2a-lock.json',
      '--card',
      'card.json',
      '--format',
      'codequality',
    ],
    dir,
  );
  assert.equal(run.code, 2, 'a lockfile that could not be read is exit 2, as in every format');
  const issues = report(run.stdout);
  const breaking = issues.filter((i) => i.check_name === 'lockfile-breaking');
  assert.ok(breaking.length > 0);
  assert.ok(breaking.every((i) => i.severity === 'major' && i.location.path === 'locks/travel.a2a-lock.json'));
  const lock = readFileSync(join(dir, 'locks', 'travel.a2a-lock.json'), 'utf8').split('\n');
  assert.ok(
    breaking.some((i) => /streaming/.test(at(lock, i.location.lines.begin - 1))),
    'placed on the streaming member',
  );
  const corrupt = issues.find((i) => i.check_name === 'lockfile-error')!;
  assert.equal(corrupt.location.path, 'locks/corrupt.a2a-lock.json');
  assert.equal(corrupt.severity, 'major');

  // Compatible with notes: exit 0 by default, 1 with --fail-on note; the notes are info issues either way.
  copyFileSync(join(FIXTURES, 'check', 'compatible-cosmetic', 'lock.json'), join(dir, 'ok.a2a-lock.json'));
  copyFileSync(join(FIXTURES, 'check', 'compatible-cosmetic', 'card.json'), join(dir, 'ok-card.json'));
  const ok = await cli(['check', 'ok.a2a-lock.json', '--card', 'ok-card.json', '--format', 'codequality'], dir);
  assert.equal(ok.code, 0, ok.stderr);
  const notes = report(ok.stdout);
  assert.ok(
    notes.length > 0 && notes.every((i) => i.severity === 'info' && i.check_name === 'lockfile-note'),
    ok.stdout,
  );
  assert.equal(
    (
      await cli(
        ['check', 'ok.a2a-lock.json', '--card', 'ok-card.json', '--format', 'codequality', '--fail-on', 'note'],
        dir,
      )
    ).code,
    1,
  );
});
