/**
 * Paths from repository content (a lockfile's `agent`, `.a2a/config.json`, a model's tool call) resolve inside the
 * repository root, after symlinks are resolved; anything else is refused with a message that reveals nothing about
 * the target (not whether it exists, is a directory, or is JSON). Files the product writes go through the same
 * check, so a symlink planted in the repository cannot carry a write outside it.
 */
import { promises as fs } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export type InsideRoot = { ok: true; path: string } | { ok: false; reason: string };

/** The repository a path belongs to: the nearest ancestor holding `.git` (the git top-level), else `fallback`. */
export async function repositoryRoot(startDir: string, fallback: string = startDir): Promise<string> {
  for (let dir = resolve(startDir); ; dir = dirname(dir)) {
    if (await exists(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return resolve(fallback);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await fs.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended (the file may not exist yet). */
async function realPathOf(path: string): Promise<string> {
  const missing: string[] = [];
  for (let p = path; ; p = dirname(p)) {
    try {
      const real = await fs.realpath(p);
      return missing.length ? join(real, ...missing.reverse()) : real;
    } catch {
      if (dirname(p) === p) return path;
      missing.push(basename(p));
    }
  }
}

function contains(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * `candidate` (relative to `baseDir`, or absolute) if it resolves inside `root` after symlinks; otherwise a refusal
 * naming only what the repository wrote.
 */
export async function resolveInside(root: string, baseDir: string, candidate: string): Promise<InsideRoot> {
  const refused: InsideRoot = {
    ok: false,
    reason: `${JSON.stringify(candidate.slice(0, 200))} is outside the repository, so it is not read (paths in repository files must stay inside ${'the repository root'})`,
  };
  if (candidate.includes('\0')) return refused;
  const lexical = resolve(baseDir, candidate);
  const realRoot = await realPathOf(resolve(root));
  if (!contains(resolve(root), lexical) && !contains(realRoot, lexical)) return refused;
  const real = await realPathOf(lexical);
  return contains(realRoot, real) ? { ok: true, path: real } : refused;
}

/**
 * The check for card paths named by lockfiles (core/check/refreshLockfile.ts `cardPath`): inside the repository
 * of each lockfile (`rootOf`: the git top-level by default; the editor passes its workspace folder), each folder's
 * root looked up once.
 */
export function lockfileCardPaths(
  rootOf: (dir: string) => Promise<string> = repositoryRoot,
): (lockfilePath: string, agent: string) => Promise<InsideRoot> {
  const roots = new Map<string, Promise<string>>();
  return async (lockfilePath, agent) => {
    const dir = dirname(resolve(lockfilePath));
    let root = roots.get(dir);
    if (!root) roots.set(dir, (root = rootOf(dir)));
    return resolveInside(await root, dir, agent);
  };
}

/**
 * For files the product writes: `path` (symlinks resolved, the file itself included) stays inside the repository
 * its folder belongs to; otherwise an error naming only `path`. A file that does not exist yet is judged by its
 * folder.
 */
export async function assertWritableInside(path: string): Promise<void> {
  if (!(await staysInside(path))) throw new Error(`${path}: not written: a symbolic link leads outside the repository`);
}

/**
 * For state files the product reads back (stale markers): the same rule as for writes, so a symlink planted in the
 * repository cannot make it read a file elsewhere.
 */
export async function assertReadableInside(path: string): Promise<void> {
  if (!(await staysInside(path))) throw new Error(`${path}: not read: a symbolic link leads outside the repository`);
}

async function staysInside(path: string): Promise<boolean> {
  const dir = dirname(resolve(path));
  return (await resolveInside(await repositoryRoot(dir), dir, basename(path))).ok;
}
