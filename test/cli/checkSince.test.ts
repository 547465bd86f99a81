/**
 * `a2acap check --since REF`: the lockfiles (and, with --card, the card) as they were at a git revision are checked
 * too; a problem that was already there is reported as pre-existing and does not fail the run, one the change
 * introduced does. A real git repository with two commits in a temporary folder, cards as files and the example
 * agent on loopback.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { cli, tempDir } from './helpers';
import { sarifErrors } from './sarifSchema';

const REPO = join(__dirname, '..', '..');
const BREAKING = join(REPO, 'test', 'fixtures', 'check', 'breaking-streaming-gone');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

/** A repository whose first commit holds `base` and whose working tree then gets `head` (written, committed). */
function repository(
  t: { after: (fn: () => void) => void },
  base: Record<string, string>,
  head: Record<string, string>,
) {
  const dir = join(tempDir(t, 'a2a-since-'), 'repo');
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'step');
  };
  write(base);
  const baseSha = git(dir, 'rev-parse', 'HEAD');
  write(head);
  return { dir, baseSha };
}

interface Report {
  results: { file: string; classification: string; preexisting?: true; problems: { preexisting?: true }[] }[];
  summary: { breaking: number; preexisting?: number };
}

const card = readFileSync(join(BREAKING, 'card.json'), 'utf8');
const breakingLock = readFileSync(join(BREAKING, 'lock.json'), 'utf8');

describe('check --since REF', () => {
  it('reports what was already breaking at REF as pre-existing and passes', async (t) => {
    const { dir, baseSha } = repository(t, { 'card.json': card, 'a.a2a-lock.json': breakingLock }, { README: 'x' });
    const r = await cli(['check', '--card', 'card.json', 'a.a2a-lock.json', '--since', baseSha], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    assert.equal(report.results[0]?.preexisting, true);
    assert.deepEqual(
      report.results[0]?.problems.map((p) => p.preexisting),
      [true],
    );
    assert.equal(report.summary.preexisting, 1);
    const text = await cli(
      ['check', '--card', 'card.json', 'a.a2a-lock.json', '--since', 'HEAD~1', '--format', 'text'],
      dir,
    );
    assert.equal(text.code, 0);
    assert.match(text.stdout, /\(passes: pre-existing\)/);
    assert.match(text.stdout, /\(pre-existing: already so at the base revision\)$/m);
    assert.match(text.stdout, /\(passing: 1 pre-existing\)$/m);
    const sarif = await cli(
      ['check', '--card', 'card.json', 'a.a2a-lock.json', '--since', baseSha, '--format', 'sarif'],
      dir,
    );
    const log = JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; baselineState?: string }[] }[] };
    assert.deepEqual(sarifErrors(log), []);
    assert.equal(log.runs[0]!.results.find((x) => x.ruleId === 'lockfile-breaking')?.baselineState, 'unchanged');
  });

  it('fails on what the change introduced: a new lockfile, or a card that broke since REF', async (t) => {
    const { dir } = repository(
      t,
      { 'card.json': card, 'old.a2a-lock.json': breakingLock },
      { 'new.a2a-lock.json': breakingLock },
    );
    const r = await cli(
      ['check', '--card', 'card.json', 'old.a2a-lock.json', 'new.a2a-lock.json', '--since', 'HEAD~1'],
      dir,
    );
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    assert.deepEqual(
      report.results.map((x) => [x.file, x.classification, x.preexisting ?? false]),
      [
        ['old.a2a-lock.json', 'breaking', true],
        ['new.a2a-lock.json', 'breaking', false],
      ],
    );
    // The card itself broke the lockfile since REF: compatible there, breaking now.
    const { dir: dir2 } = repository(
      t,
      {
        'card.json': card.replace('"capabilities": {}', '"capabilities": { "streaming": true }'),
        'a.a2a-lock.json': breakingLock,
      },
      { 'card.json': card },
    );
    const broke = await cli(
      ['check', '--card', 'card.json', 'a.a2a-lock.json', '--since', 'HEAD~1', '--format', 'text'],
      dir2,
    );
    assert.equal(broke.code, 1, broke.stdout + broke.stderr);
    assert.doesNotMatch(broke.stdout, /pre-existing/);
  });

  it('refuses a revision that is an option or not a commit, and never reads outside the repository', async (t) => {
    const { dir } = repository(t, { 'card.json': card, 'a.a2a-lock.json': breakingLock }, { README: 'x' });
    for (const ref of ['--output=out.sarif', 'no-such-branch', 'HEAD:card.json']) {
      const r = await cli(['check', '--card', 'card.json', 'a.a2a-lock.json', `--since=${ref}`], dir);
      assert.equal(r.code, 2, ref);
      assert.match(r.stderr, /--since: /);
    }
    // A lockfile outside the repository has no base: all its problems are new.
    const outside = join(dir, '..', 'outside.a2a-lock.json');
    writeFileSync(outside, breakingLock);
    const r = await cli(['check', '--card', 'card.json', outside, '--since', 'HEAD~1'], dir);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stdout, /preexisting/);
  });
});

describe('check --live --since REF', () => {
  let agent: PricingAgent;
  before(async () => {
    agent = await startPricingAgent({ port: 0 });
    agent.setVersion('no-streaming');
  });
  after(() => agent.close());

  it('pre-existing for a lockfile that was there, new for one the change added', async (t) => {
    const lock = JSON.stringify({
      ...(JSON.parse(readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8')) as object),
      agent: agent.cardUrl,
    });
    const { dir } = repository(t, { 'locks/a.a2a-lock.json': lock }, { 'locks/b.a2a-lock.json': lock });
    const old = await cli(['check', '--live', 'locks/a.a2a-lock.json', '--since', 'HEAD~1'], dir);
    assert.equal(old.code, 0, old.stdout + old.stderr);
    const both = await cli(
      ['check', '--live', 'locks/a.a2a-lock.json', 'locks/b.a2a-lock.json', '--since', 'HEAD~1', '--format', 'text'],
      dir,
    );
    assert.equal(both.code, 1, both.stdout + both.stderr);
    assert.match(both.stdout, /^breaking {2}locks\/a\.a2a-lock\.json \(passes: pre-existing\)$/m);
    assert.match(both.stdout, /^breaking {2}locks\/b\.a2a-lock\.json$/m);
  });
});
