/**
 * Writing a (re-)pinned lockfile, for `a2acap pin`, `a2acap update` and the editor's pin and update: the
 * previous lockfile on disk is read through the core loader (lockfile/load.ts); a re-pin that changes only
 * timestamps keeps it (serialize.ts), and the file is replaced atomically only when its bytes would change.
 * A previous lockfile that is missing or corrupt is simply replaced; members a person added to a valid one are kept
 * (core/pin/keepUnknownMembers.ts).
 */
import { loadLockfile, type ReadLockfileText } from '../core/lockfile';
import type { Lockfile } from '../core/types';
import { keepPreviousWhenUnchanged, serializeLockfile } from '../core/pin/serialize';
import { keepUnknownMembers } from '../core/pin/keepUnknownMembers';
import { readTextSync } from './readText';
import { replaceable } from './replaceGuard';
import { writeFileAtomic } from './writeAtomic';
import { assertWritableInside } from './insideRoot';

export interface LockfileWrite {
  /** The lockfile now on disk (the previous one when only timestamps differed). */
  lock: Lockfile;
  text: string;
  written: boolean;
}

export async function writeLockfile(
  path: string,
  next: Lockfile,
  readText: ReadLockfileText = async (p) => readTextSync(p),
): Promise<LockfileWrite> {
  // Never through a symbolic link that leads out of the repository (the link is judged before it is followed).
  await assertWritableInside(path);
  // Never over something that is not a lockfile (`pin --out card.json`), a device or a FIFO.
  const target = replaceable(path, 'a lockfile', (text) => LOCKFILE_NAME.test(path) || hasLockfileMembers(text));
  // The guard has read the file already: its text is loaded, not read a second time.
  const previous = await loadLockfile(target.path, target.text !== undefined ? async () => target.text! : readText);
  // Members a person added to the previous lockfile (a comment, a note on a skill) survive the re-pin.
  const lock = keepUnknownMembers(
    keepPreviousWhenUnchanged(next, previous.ok ? previous.lockfile : undefined),
    previous.ok ? previous.text : undefined,
  );
  const text = serializeLockfile(lock);
  const previousText = previous.ok || previous.stage === 'parse' ? previous.text : undefined;
  if (text === previousText) return { lock, text, written: false };
  await writeFileAtomic(target.path, text, target.mode);
  return { lock, text, written: true };
}

/** A re-pin may replace a file named like a lockfile (even a corrupt one, e.g. with merge-conflict markers)… */
const LOCKFILE_NAME = /\.a2a-lock\.json$/i;

/** …or a JSON object with a lockfile's members, whatever its name. */
function hasLockfileMembers(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      'agent' in value &&
      ('requires' in value || 'card_digest' in value)
    );
  } catch {
    return false;
  }
}
