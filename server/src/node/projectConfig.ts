/**
 * The project configuration (core/config/projectConfig.ts) from disk, for the CLI and the language server: the
 * file named explicitly, or the first `.a2a/config.json` from a starting directory upwards. A file that cannot be
 * read or is not valid is an error naming the file, never "no configuration".
 */
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { findProjectConfig } from '../core/config/findProjectConfig';
import { parseProjectConfig, type ProjectConfig } from '../core/config/projectConfig';
import { ioReason } from '../core/text/ioReason';
import { readTextSync } from './readText';

export interface LoadedProjectConfig {
  /** The file read; undefined when there is none (then `config` is empty). */
  path?: string;
  config: ProjectConfig;
}

export class ProjectConfigError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'ProjectConfigError';
  }
}

const NODE_PATHS = {
  isFile: (path: string) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  },
  dirname,
  join,
};

/** The first `.a2a/config.json` from `startDir` upwards, or undefined. */
export function findConfigFrom(startDir: string): string | undefined {
  return findProjectConfig(resolve(startDir), NODE_PATHS);
}

/**
 * `explicit` (resolved against `cwd`) when given, else the nearest `.a2a/config.json` from `startDir` upwards
 * (default: `cwd`); throws ProjectConfigError.
 */
export function loadProjectConfig(cwd: string, explicit?: string, startDir: string = cwd): LoadedProjectConfig {
  const path = explicit !== undefined ? resolve(cwd, explicit) : findConfigFrom(resolve(cwd, startDir));
  if (path === undefined) return { config: {} };
  return { path, config: readProjectConfigFile(path) };
}

/**
 * A repository's `.a2a/config.json` is repository content: when it (or its `.a2a` folder) is a symbolic link that
 * leads out of the directory it configures, it is not read, and the message says nothing about what is there.
 */
function leadsOutside(path: string): boolean {
  const a2a = dirname(resolve(path));
  if (basename(path) !== 'config.json' || basename(a2a) !== '.a2a') return false;
  try {
    const rel = relative(realpathSync(dirname(a2a)), realpathSync(path));
    return rel.startsWith('..') || isAbsolute(rel);
  } catch {
    return false; // missing: the read below says so
  }
}

export function readProjectConfigFile(path: string): ProjectConfig {
  if (leadsOutside(path))
    throw new ProjectConfigError(path, 'a symbolic link leads outside the directory it configures, so it is not read');
  let text: string;
  try {
    text = readTextSync(path, 1024 * 1024);
  } catch (err) {
    throw new ProjectConfigError(path, `cannot read the project configuration (${ioReason(err)})`);
  }
  const read = parseProjectConfig(text);
  if (!read.ok) throw new ProjectConfigError(path, `not a valid project configuration: ${read.message}`);
  return read.config;
}
