import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readTextSync } from './readText';

/** Read-only access to workspace files (the language server finds the card a lockfile pins when it is not open). */
export interface WorkspaceFiles {
  /** Files under `folder` whose path matches `accept`, at most `limit` of them (skipping node_modules and dot folders). */
  find(folder: string, accept: (path: string) => boolean, limit: number): Promise<string[]>;
  /** File text, or undefined when it cannot be read or is larger than `maxBytes`. */
  read(path: string, maxBytes: number): Promise<string | undefined>;
}

const MAX_DEPTH = 8;

/** Node implementation of the language server's RuntimeEnvironment.files (used by server.ts; tests may pass their own). */
export const nodeFiles: WorkspaceFiles = {
  async find(folder, accept, limit) {
    const out: string[] = [];
    const walk = async (dir: string, depth: number): Promise<void> => {
      if (depth > MAX_DEPTH || out.length >= limit) return;
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (out.length >= limit) return;
        const path = join(dir, e.name);
        if (e.isDirectory()) {
          // `.well-known` is where cards live; other dot folders and dependencies are not ours.
          if (e.name === 'node_modules' || (e.name.startsWith('.') && e.name !== '.well-known')) continue;
          await walk(path, depth + 1);
        } else if (e.isFile() && accept(path)) out.push(path);
      }
    };
    await walk(folder, 0);
    return out;
  },
  async read(path, maxBytes) {
    try {
      // Bounded: over maxBytes (or a path that never ends, such as /dev/zero named by a lockfile) is no text.
      return readTextSync(path, maxBytes);
    } catch {
      return undefined;
    }
  },
};
