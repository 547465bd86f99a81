/**
 * The project configuration a lockfile is checked under by the tools: the nearest .a2a/config.json from the
 * lockfile's folder, as `a2acap check` and the editor take it, but only one inside the roots (a file above them is
 * not the tools' to read). One that cannot be read or is invalid (a policy that does not compile) is a tool error
 * naming it: a check that silently skipped the policies would pass what they forbid.
 */
import { dirname, isAbsolute, relative, sep } from 'node:path';
import { resolveClient, type ClientConfig } from '../app/settings';
import type { IgnoreEntry } from '../app/suppress';
import type { PolicyEntry } from '../app/policies';
import { findConfigFrom, ProjectConfigError, readProjectConfigFile } from '../node/projectConfig';
import { ToolError } from './toolError';
import { firstRoot, type ToolWorld } from './world';

export interface LockfileProject {
  configPath?: string;
  client: ClientConfig;
  policies: PolicyEntry[];
  ignore: IgnoreEntry[];
}

export function lockfileProject(world: Pick<ToolWorld, 'roots'>, lockfile: string): LockfileProject {
  const path = findConfigFrom(dirname(lockfile));
  if (path === undefined || !world.roots.some((root) => inside(root, path)))
    return { client: resolveClient({}).client, policies: [], ignore: [] };
  try {
    const config = readProjectConfigFile(path);
    return {
      configPath: path,
      client: resolveClient({}, config.client ?? {}).client,
      policies: config.policies ?? [],
      ignore: config.ignore ?? [],
    };
  } catch (err) {
    if (err instanceof ProjectConfigError)
      throw new ToolError(`${shown(world, err.path)}: ${err.reason}; the lockfile is not checked without it`);
    throw err;
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function shown(world: Pick<ToolWorld, 'roots'>, path: string): string {
  return (relative(firstRoot(world), path) || path).split(sep).join('/');
}
