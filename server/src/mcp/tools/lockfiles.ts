/**
 * a2a_lockfiles — {cursor?} → the lockfiles under the roots: the agent each pins, its pinned skills, and the last
 * classification known to this server (from a2a_check_lockfile in this session; none before the first check).
 */
import { cursorFrom, type Args } from '../args';
import { clippedValues } from '../envelope';
import { LIMITS } from '../limits';
import { findLockfiles, readLockfileAt } from '../lockfileIndex';
import { displayPath } from '../shownPath';
import { withoutUserinfo } from '../../app/text';
import type { ToolWorld } from '../world';
import { pageOf } from './page';
import { firstOf } from './profile';

export async function a2aLockfiles(world: ToolWorld, args: Args): Promise<Record<string, unknown>> {
  const start = cursorFrom(args);
  const found = findLockfiles(world);
  const page = pageOf(found.paths, start, LIMITS.lockfilesPerPage);
  const lockfiles = page.items.map((path) => {
    const read = readLockfileAt(world, path);
    const last = world.lastChecked.get(path);
    const known = last
      ? { last_classification: last.classification, checked_at: last.at }
      : { last_classification: null };
    if (!read.lock) return { file: displayPath(world, path), error: read.problem ?? 'not a valid lockfile', ...known };
    return {
      file: displayPath(world, path),
      agent: withoutUserinfo(read.lock.agent),
      agent_version: read.lock.agent_version ?? null,
      pinned_at: read.lock.pinned_at,
      ...firstOf(Object.keys(read.lock.requires.skills ?? {})),
      ...known,
    };
  });
  return clippedValues({
    lockfiles,
    total: page.total,
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    ...(found.truncated
      ? {
          note: `the search stopped after ${LIMITS.directoriesVisited} directories; lockfiles deeper in the tree are not listed`,
        }
      : {}),
  });
}
