/**
 * `mkdir -p` without Node's recursive mkdir, which spins forever where mkdir answers ENOENT although the parent
 * exists (/proc, some FUSE file systems: `--cache-dir /proc/x` hung the CLI at 100 % CPU). The missing
 * directories are made one by one from the top; any failure but "already exists" is thrown as it is.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export function makeDirectory(path: string, mode = 0o777): void {
  const missing: string[] = [];
  let at = path;
  for (;;) {
    try {
      if (!statSync(at).isDirectory()) throw Object.assign(new Error(`${at} is not a directory`), { code: 'ENOTDIR' });
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT') throw err;
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir, { mode });
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
  }
}
