/**
 * `npm run lint`'s commit-subject check (scripts/lint/commitSubjects.ts): the rules of a subject, and the commits
 * it reads in real repositories: a branch off main, main itself, a directory without git.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintCommitSubjects, subjectProblem } from '../../scripts/lint/commitSubjects';

test('a subject is type(scope): what, at most 72 characters, scope from the list', () => {
  for (const ok of [
    'fix(lsp): hover shows the pinned card',
    'refactor(cli, lsp): one copy of the verdict',
    'docs(lsp hover): say what the lens shows',
    'feat(cli/sarif)!: results carry the rule index',
    `docs(readme): ${'x'.repeat(72 - 'docs(readme): '.length)}`,
  ])
    assert.equal(subjectProblem(ok), undefined, ok);
  for (const [bad, why] of [
    [`docs(readme): ${'x'.repeat(73 - 'docs(readme): '.length)}`, /73 characters/],
    ['docs: no scope', /type\(scope\)/],
    ['Merge branch main', /type\(scope\)/],
    ['lsp: a scope as the type', /type\(scope\)/],
    ['wip(lsp): a type that is not one', /type "wip"/],
    ['fix(hover): a scope that is not listed', /scope "hover"/],
    ['fix(cli, hover): every scope is listed', /scope "hover"/],
    ['fix(lsp):no space', /type\(scope\)/],
  ] as const)
    assert.match(subjectProblem(bad) ?? '', why, bad);
});

/** A repository on main with one commit, and its git. */
function repo(t: { after: (fn: () => void) => void }): { dir: string; git: (...args: string[]) => void } {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-commits-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => {
    const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
  };
  git('init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'a'), 'a');
  git('add', 'a');
  git('commit', '-q', '-m', 'an old subject nobody checks any more, far longer than seventy-two characters');
  return { dir, git };
}

function run(dir: string): { code: number; lines: string[] } {
  const lines: string[] = [];
  return { code: lintCommitSubjects(dir, (l: string) => lines.push(l)), lines };
}

test('on main (a fresh CI clone) there is nothing to check: it passes', (t) => {
  const r = run(repo(t).dir);
  assert.equal(r.code, 0);
  assert.match(r.lines[0]!, /0 since main/);
});

test('a branch: its commits since the merge base are checked, merges and main history are not', (t) => {
  const { dir, git } = repo(t);
  git('checkout', '-q', '-b', 'topic');
  git('commit', '-q', '--allow-empty', '-m', 'fix(lsp): a good subject');
  assert.equal(run(dir).code, 0);
  git('commit', '-q', '--allow-empty', '-m', 'wip');
  const r = run(dir);
  assert.equal(r.code, 1);
  assert.deepEqual(r.lines.slice(1), ['  "wip": not `type(scope): what`']);
});

test('without git or without history it passes and says why', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-tarball-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const r = run(dir);
  assert.equal(r.code, 0);
  assert.match(r.lines[0]!, /not checked \(no git repository\)/);
});
