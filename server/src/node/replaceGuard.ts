/**
 * Before a command replaces a file it owns (a lockfile, a lint baseline), it makes sure the file there IS one:
 * `pin --out card.json`, `--write-baseline notes.txt` or an output named after a device must not destroy what is
 * there. A path that does not exist is fine; a symbolic link is followed (the file it points to is replaced, the
 * link stays); anything but a regular file is refused; a regular file is replaced only when `isOurs` recognises
 * its text (or it is empty). The real path to write is returned, with the mode to keep and the text read.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { readTextSync } from './readText';

export class NotReplaceable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotReplaceable';
  }
}

export interface Replaceable {
  /** Where to write: the path itself, or the file a symbolic link points to. */
  path: string;
  /** The permission bits of the file replaced, to keep them; undefined for a new file. */
  mode?: number;
  /** The text of the file replaced, as read for the check (callers need not read it again). */
  text?: string;
}

/** `what`: how the refusal names the kind of file expected, e.g. "an a2acap lockfile". */
export function replaceable(path: string, what: string, isOurs: (text: string) => boolean): Replaceable {
  let real = path;
  try {
    if (lstatSync(path).isSymbolicLink()) real = realpathSync(path);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return { path }; // a new file (or a dangling link: written as a file)
    throw err;
  }
  let stats;
  try {
    stats = statSync(real);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return { path: real };
    throw err;
  }
  if (!stats.isFile()) throw new NotReplaceable(`${path} is not a regular file: not replaced (choose another path)`);
  let text: string;
  try {
    text = readTextSync(real);
  } catch {
    throw new NotReplaceable(`${path} exists and cannot be read: not replaced (choose another path)`);
  }
  if (text.trim() !== '' && !isOurs(text)) {
    throw new NotReplaceable(`${path} exists and is not ${what}: not replaced (remove it or choose another path)`);
  }
  return { path: real, mode: stats.mode & 0o777, text };
}
