/**
 * Files as they were at a git revision (`check --since REF`): the revision resolved once to a commit, then each file
 * read with `git show COMMIT:PATH`. The revision comes from a flag or the event payload and the paths from the
 * command line: a revision is never taken as an option (no leading `-`, `--end-of-options`), and a path is read only
 * when it lies inside the repository, so nothing outside the repository's history is ever read.
 */
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { repositoryRoot } from './insideRoot';

/** Larger lockfiles than this at the base revision are not read (they are refused today as well). */
const MAX_SHOW_BYTES = 64 * 1024 * 1024;

export class RevisionError extends Error {}

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, encoding: 'utf8', maxBuffer: MAX_SHOW_BYTES, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
      (err, stdout, stderr) => {
        if (err) reject(new RevisionError((stderr || err.message).trim().split('\n')[0] ?? 'git failed'));
        else resolve(stdout);
      },
    );
  });
}

export interface Revision {
  /** The repository's top-level folder (real path). */
  root: string;
  /** The commit the revision named. */
  commit: string;
  /** As the user wrote it (messages). */
  name: string;
  /** The file's text at the revision, undefined when it did not exist there or lies outside the repository. */
  read(path: string): Promise<string | undefined>;
}

/**
 * The revision `ref` of the repository holding `dir`. Throws RevisionError with one line when there is no
 * repository or the revision is not a commit of it.
 */
export async function openRevision(dir: string, ref: string): Promise<Revision> {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!ref || ref.startsWith('-') || /[\u0000-\u001f\u007f]/.test(ref))
    throw new RevisionError(`${JSON.stringify(ref)} is not a git revision`);
  const root = await realpath(await repositoryRoot(dir));
  const commit = (
    await git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).catch(() => {
      throw new RevisionError(`${JSON.stringify(ref)} is not a commit of the repository at ${root}`);
    })
  ).trim();
  if (!/^[0-9a-f]{40,64}$/.test(commit)) throw new RevisionError(`${JSON.stringify(ref)} is not a commit of ${root}`);
  return {
    root,
    commit,
    name: ref,
    read: async (path) => {
      const real = await realpath(dirname(path)).catch(() => undefined);
      if (real === undefined) return undefined;
      const rel = relative(root, join(real, basename(path)));
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
      return git(root, ['show', `${commit}:${rel.split(sep).join('/')}`]).catch(() => undefined);
    },
  };
}
