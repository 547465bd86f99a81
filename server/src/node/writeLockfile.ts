/**
 * Writing a (re-)pinned lockfile, for `a2acap pin`, `a2acap update` and the editor's pin and update: the
 * previous lockfile on disk is read through the core loader (lockfile/load.ts); a re-pin that changes only
 * timestamps keeps it (serialize.ts), and the file is replaced atomically only when its bytes would change.
 * A previous file that is missing or corrupt is simply replaced.
 */
import { loadLockfile, type ReadLockfileText } from '../core/lockfile';
import type { Lockfile } from '../core/types';
import { keepPreviousWhenUnchanged, serializeLockfile } from '../core/pin/serialize';
import { readTextSync } from './readText';
import { writeFileAtomic } from './writeAtomic';

export interface LockfileWrite {
  /** The lockfile now on disk (the previous one when only timestamps differed). */
  lock: Lockfile;
  text: string;
  written: boolean;
}

export async function writeLockfile(path: string, next: Lockfile, readText: ReadLockfileText = async (p) => readTextSync(p)): Promise<LockfileWrite> {
  const previous = await loadLockfile(path, readText);
  const lock = keepPreviousWhenUnchanged(next, previous.ok ? previous.lockfile : undefined);
  const text = serializeLockfile(lock);
  const previousText = previous.ok || previous.stage === 'parse' ? previous.text : undefined;
  if (text === previousText) return { lock, text, written: false };
  await writeFileAtomic(path, text);
  return { lock, text, written: true };
}
