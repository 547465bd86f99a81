/**
 * Where the project configuration is: the first `.a2a/config.json` in the starting directory or one of its
 * ancestors (the CLI starts from its working directory, the editor from the document's directory, so both find
 * the repository's file). File access is injected; paths are joined with '/' or the platform's separator alike.
 */
import { PROJECT_CONFIG_PATH } from './projectConfig';

export interface ConfigPaths {
  /** True when a regular file exists at `path`. */
  isFile(path: string): boolean;
  dirname(path: string): string;
  join(dir: string, relative: string): string;
}

export function findProjectConfig(startDir: string, paths: ConfigPaths): string | undefined {
  for (let dir = startDir; ;) {
    const candidate = paths.join(dir, PROJECT_CONFIG_PATH);
    if (paths.isFile(candidate)) return candidate;
    const parent = paths.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
