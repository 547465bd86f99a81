/**
 * `npm run lint`, its last step: the subjects of this branch's commits, those since the merge base with main (or
 * origin/main), read `type(scope): what`, at most 72 characters, with a type and scopes from the lists below.
 * Nothing to check is a pass: a clone on main, a shallow clone without the base, a tarball without git.
 */
import { spawnSync } from 'node:child_process';

export const MAX_SUBJECT = 72;

export const TYPES = ['feat', 'fix', 'perf', 'refactor', 'docs', 'test', 'build', 'ci', 'chore', 'style', 'revert'];

/**
 * The scopes this repository's history uses (`git log`), one per area: a layer or front end, a workflow, a part of
 * the core, a document or the tooling. A scope may name several (`cli, lsp`) or narrow one (`lsp hover`,
 * `cli/sarif`): its first word is what must be listed.
 */
// prettier-ignore
export const SCOPES = [
  // layers and front ends
  'core', 'node', 'app', 'api', 'lib', 'cli', 'lsp', 'mcp', 'client', 'protocol',
  // workflows and what they make
  'lint', 'rules', 'compile', 'profile', 'fetch', 'probe', 'pin', 'update', 'check', 'diff', 'send', 'lockfile',
  'signatures', 'evidence', 'config', 'settings', 'schema', 'sarif', 'outputs',
  'catalog', 'discover', 'registry', 'keys', 'policy', 'ignore', 'approval', 'junit', 'action', 'workflows',
  // the core's parts
  'net', 'grpc', 'cache', 'pointer', 'fixes', 'redact', 'secrets', 'security', 'unicode',
  // the editor
  'vscode', 'editors', 'walkthrough', 'watcher', 'refresh',
  // documents
  'docs', 'readme', 'contributing', 'changelog', 'examples', 'images',
  // tooling
  'test', 'fuzz', 'e2e', 'bench', 'pack', 'build', 'ci', 'deps', 'generate', 'repo', 'release',
];

const SUBJECT = /^([a-z]+)\(([^()]+)\)!?: \S/;

/** What is wrong with one subject, or undefined when nothing is. */
export function subjectProblem(subject: string): string | undefined {
  if (subject.length > MAX_SUBJECT) return `${subject.length} characters (at most ${MAX_SUBJECT})`;
  const m = SUBJECT.exec(subject);
  if (!m) return 'not `type(scope): what`';
  if (!TYPES.includes(m[1]!)) return `type "${m[1]}" is not one of ${TYPES.join(', ')}`;
  for (const part of m[2]!.split(',')) {
    const scope = part.trim().split(/[\s/]/)[0]!;
    if (!SCOPES.includes(scope)) return `scope "${scope}" is not in the list (scripts/lint/commitSubjects.ts)`;
  }
  return undefined;
}

function git(cwd: string, args: string[]): string | undefined {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return r.error || r.status !== 0 ? undefined : r.stdout;
}

/** The subjects of the non-merge commits since the merge base with main, or why there is nothing to check. */
export function branchSubjects(cwd: string): { skipped: string } | { base: string; subjects: string[] } {
  if (git(cwd, ['rev-parse', '--git-dir']) === undefined) return { skipped: 'no git repository' };
  for (const main of ['origin/main', 'main']) {
    const base = git(cwd, ['merge-base', 'HEAD', main])?.trim();
    if (!base) continue;
    const log = git(cwd, ['log', '--no-merges', '--format=%s', `${base}..HEAD`]);
    if (log === undefined) return { skipped: `git log ${main}..HEAD failed` };
    return { base: main, subjects: log.split('\n').filter((s) => s !== '') };
  }
  return { skipped: 'no merge base with main or origin/main' };
}

/** Prints each problem; returns the exit code. */
export function lintCommitSubjects(cwd: string, log: (line: string) => void = console.log): number {
  const found = branchSubjects(cwd);
  if ('skipped' in found) {
    log(`commit subjects: not checked (${found.skipped})`);
    return 0;
  }
  const problems = found.subjects.flatMap((s) => {
    const p = subjectProblem(s);
    return p ? [`  ${JSON.stringify(s)}: ${p}`] : [];
  });
  if (problems.length === 0) {
    log(`commit subjects: ${found.subjects.length} since ${found.base}, all well formed`);
    return 0;
  }
  log(`commit subjects since ${found.base}: ${problems.length} to reword (git rebase -i, reword)`);
  for (const p of problems) log(p);
  return 1;
}

if (require.main === module) process.exitCode = lintCommitSubjects(process.cwd());
