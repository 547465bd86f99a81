/**
 * The lockfiles under the roots (a2a-lock.json, *.a2a-lock.json), found by a bounded walk: dependency and VCS
 * folders skipped, symlinks not followed (a link could lead out of the root), at most LIMITS.directoriesVisited
 * directories. Shared by a2a_lockfiles and by a2a_profile (which lockfiles pin the card asked about).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseLockfile } from '../app/lockfile';
import { resolveAgent } from '../node/agentLocation';
import { cardUrlFor } from '../app/live';
import { isHttpLocation } from '../app/live';
import type { Lockfile } from '../core/types';
import { LIMITS } from './limits';
import { readFile } from './sources';
import { displayPath } from './shownPath';
import type { ToolWorld } from './world';

const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'out', '.cache']);

export function isLockfileName(name: string): boolean {
  return name === 'a2a-lock.json' || name.endsWith('.a2a-lock.json');
}

export interface FoundLockfiles {
  paths: string[];
  /** The walk stopped at the directory limit: there may be more. */
  truncated: boolean;
}

export function findLockfiles(world: ToolWorld): FoundLockfiles {
  const paths: string[] = [];
  let visited = 0;
  const queue = [...world.roots];
  while (queue.length) {
    if (visited++ >= LIMITS.directoriesVisited) return { paths: paths.sort(), truncated: true };
    const dir = queue.shift()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.isDirectory() && !SKIPPED.has(e.name)) queue.push(join(dir, e.name));
      else if (e.isFile() && isLockfileName(e.name)) paths.push(join(dir, e.name));
    }
  }
  return { paths: paths.sort(), truncated: false };
}

export interface ReadLockfile {
  path: string;
  lock?: Lockfile;
  /** Why it could not be read, one line. */
  problem?: string;
}

export function readLockfileAt(world: ToolWorld, path: string): ReadLockfile {
  try {
    const read = parseLockfile(readFile(path, displayPath(world, path), world.maxCardBytes, 'the lockfile'));
    return read.ok
      ? { path, lock: read.lockfile }
      : { path, problem: read.problems[0]?.message ?? 'not a valid lockfile' };
  } catch (err) {
    return { path, problem: err instanceof Error ? err.message : String(err) };
  }
}

/** Where a lockfile's card is, comparable with a ReadSource location (card URL, or absolute path). */
export function pinnedLocation(lock: Lockfile, lockfilePath: string): string {
  const agent = resolveAgent(lock.agent, lockfilePath);
  if (!isHttpLocation(agent)) return agent;
  try {
    return cardUrlFor(agent);
  } catch {
    return agent;
  }
}
