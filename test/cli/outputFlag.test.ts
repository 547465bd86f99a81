/**
 * `--output FORMAT=FILE` (lint, check): one run writes several reports beside --format on stdout, each the same as
 * that format's stdout would be (uncoloured); a bad spec or a path that cannot be written is one clear error before
 * anything runs, and what is there is never replaced by half a report or destroyed when it is not a report.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, tempDir } from './helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'check', 'breaking-streaming-gone');
const CHECK_FORMATS = ['json', 'text', 'sarif', 'markdown', 'codequality', 'github'];
const LINT_FORMATS = ['text', 'json', 'sarif', 'codequality', 'github'];

function checkDir(t: { after: (fn: () => void) => void }): string {
  const dir = tempDir(t, 'a2a-output-');
  copyFileSync(join(FIXTURE, 'card.json'), join(dir, 'card.json'));
  copyFileSync(join(FIXTURE, 'lock.json'), join(dir, 'pricing.a2a-lock.json'));
  mkdirSync(join(dir, 'reports'));
  return dir;
}

const CHECK = ['check', '--card', 'card.json', 'pricing.a2a-lock.json'];

test('check: every format written from one run, each as its --format prints it', async (t) => {
  const dir = checkDir(t);
  const outputs = CHECK_FORMATS.flatMap((f) => ['--output', `${f}=reports/${f}.out`]);
  const r = await cli([...CHECK, '--format', 'text', ...outputs], dir);
  assert.equal(r.code, 1, r.output);
  assert.match(r.stdout, /^breaking {2}pricing\.a2a-lock\.json/);
  for (const format of CHECK_FORMATS) {
    const alone = await cli([...CHECK, '--format', format], dir);
    assert.equal(readFileSync(join(dir, 'reports', `${format}.out`), 'utf8'), alone.stdout, format);
  }
  // A second run replaces its own reports.
  assert.equal((await cli([...CHECK, ...outputs], dir)).code, 1);
  assert.deepEqual(readdirSync(join(dir, 'reports')).sort(), CHECK_FORMATS.map((f) => `${f}.out`).sort());
});

test('lint: several reports beside the text on stdout', async (t) => {
  const dir = checkDir(t);
  const outputs = LINT_FORMATS.flatMap((f) => ['--output', `${f}=reports/${f}.out`]);
  const r = await cli(['lint', 'card.json', ...outputs], dir);
  for (const format of LINT_FORMATS) {
    const alone = await cli(['lint', 'card.json', '--format', format], dir);
    assert.equal(alone.code, r.code);
    assert.equal(readFileSync(join(dir, 'reports', `${format}.out`), 'utf8'), alone.stdout, format);
  }
});

test('a bad spec or a path that cannot be written: one line, exit 2, nothing run or written', async (t) => {
  const dir = checkDir(t);
  writeFileSync(join(dir, 'notes.txt'), 'my notes\n');
  writeFileSync(join(dir, 'reports', 'old.sarif'), '{"version":"2.1.0","runs":[]}\n');
  const card = readFileSync(join(dir, 'card.json'), 'utf8');
  const cases: [string[], RegExp][] = [
    [['--output', 'sarif'], /--output expects FORMAT=FILE \(FORMAT one of [a-z, ]*github\), got "sarif"/],
    [['--output', '=x.sarif'], /--output expects FORMAT=FILE/],
    [['--output', 'sarif='], /--output expects FORMAT=FILE/],
    [['--output', 'pdf=x.pdf'], /--output "pdf": not a format/],
    [
      ['--output', 'sarif=missing/x.sarif'],
      /--output sarif=missing\/x\.sarif: cannot write there: its folder does not exist/,
    ],
    [['--output', 'sarif=notes.txt/x.sarif'], /its folder does not exist/],
    [['--output', 'sarif=reports'], /--output sarif=reports: .*not a regular file/],
    [['--output', 'json=card.json'], /--output json=card\.json: exists and is not a json report/],
    [['--output', 'text=card.json'], /exists and is not a text report/],
    [
      ['--output', 'sarif=reports/a.sarif', '--output', 'json=reports/../reports/a.sarif'],
      /"reports\/\.\.\/reports\/a\.sarif" is named twice/,
    ],
    [['--output', 'json=reports/new.json', '--output', 'sarif=notes.txt'], /exists and is not a sarif report/],
  ];
  for (const [flags, message] of cases) {
    for (const command of [CHECK, ['lint', 'card.json']]) {
      const r = await cli([...command, ...flags], dir);
      assert.equal(r.code, 2, `${flags.join(' ')}: ${r.output}`);
      assert.equal(r.stdout, '', `${flags.join(' ')}: nothing runs`);
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    }
  }
  assert.equal(readFileSync(join(dir, 'card.json'), 'utf8'), card);
  assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'my notes\n');
  assert.ok(!existsSync(join(dir, 'reports', 'new.json')));
  assert.deepEqual(readdirSync(join(dir, 'reports')), ['old.sarif'], 'no temporary file left');
  // An existing report of the format is replaced.
  assert.equal((await cli([...CHECK, '--output', 'sarif=reports/old.sarif'], dir)).code, 1);
  assert.match(readFileSync(join(dir, 'reports', 'old.sarif'), 'utf8'), /lockfile-breaking/);
});

test('check: a credential in a lockfile agent URL reaches no --output file', async (t) => {
  const dir = checkDir(t);
  const lock = JSON.parse(readFileSync(join(FIXTURE, 'lock.json'), 'utf8')) as object;
  // Nothing listens on port 9: the lockfile cannot be checked, and the reason names the agent.
  writeFileSync(
    join(dir, 'secret.a2a-lock.json'),
    JSON.stringify({ ...lock, agent: 'http://ci:s3cret-pw@127.0.0.1:9/.well-known/agent-card.json' }, null, 2),
  );
  const outputs = CHECK_FORMATS.flatMap((f) => ['--output', `${f}=reports/${f}.out`]);
  const r = await cli(['check', '--live', 'secret.a2a-lock.json', '--format', 'github', ...outputs], dir);
  assert.equal(r.code, 2, r.output);
  assert.match(r.stdout, /127\.0\.0\.1:9/);
  assert.doesNotMatch(r.output, /s3cret-pw/);
  for (const format of CHECK_FORMATS) {
    const text = readFileSync(join(dir, 'reports', `${format}.out`), 'utf8');
    assert.doesNotMatch(text, /s3cret-pw/, format);
  }
});
