/**
 * Loading a lockfile from a path: read it (file access injected), parse it (read.ts), and on failure one
 * message for the user, the same in every command and in the editor:
 *   cannot read the lockfile (no such file | is a directory | permission denied | <code>)
 *   corrupt lockfile: <pointer>: <first problem> (and N more)      (no pointer when the whole file is wrong)
 *   the lockfile is in format N, newer than this version of a2acap reads …  (format.ts: not corrupt, not readable here)
 */
import type { Lockfile } from '../types';
import { ioReason } from '../text/ioReason';
import { parseLockfile, type LockfileProblem, type LockfileRead } from './read';

/** (path) → UTF-8 text, throwing like fs.readFile (with a `code`) when it cannot. */
export type ReadLockfileText = (path: string) => Promise<string>;

export type LockfileLoad =
  | { ok: true; lockfile: Lockfile; text: string }
  | { ok: false; stage: 'read'; message: string }
  | { ok: false; stage: 'parse'; message: string; problems: LockfileProblem[]; text: string };

export function lockfileReadError(err: unknown): string {
  return `cannot read the lockfile (${ioReason(err)})`;
}

export function corruptLockfileMessage(problems: readonly LockfileProblem[]): string {
  const first = problems[0];
  if (!first) return 'corrupt lockfile';
  if (first.newerFormat) return first.message;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `corrupt lockfile: ${first.pointer ? `${first.pointer}: ` : ''}${first.message}${more}`;
}

/** `parse` defaults to parseLockfile; the refresh path passes its memoized parser. */
export async function loadLockfile(
  path: string,
  readText: ReadLockfileText,
  parse: (text: string) => LockfileRead = parseLockfile,
): Promise<LockfileLoad> {
  let text: string;
  try {
    text = await readText(path);
  } catch (err) {
    return { ok: false, stage: 'read', message: lockfileReadError(err) };
  }
  const read = parse(text);
  if (!read.ok)
    return { ok: false, stage: 'parse', message: corruptLockfileMessage(read.problems), problems: read.problems, text };
  return { ok: true, lockfile: read.lockfile, text };
}
