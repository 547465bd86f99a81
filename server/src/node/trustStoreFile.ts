/**
 * Reading a trust-store file (`--trust-store FILE`, the editor's `a2a.trustStore` path): one reader for the CLI and
 * the language server, through node/readText.ts (bounded, regular files only, a FIFO refused without waiting: a path
 * may name /dev/zero, a FIFO, a directory or a huge file by mistake). Each failure is one phrase that says what to
 * do, never a stack. The file's text is parsed by the caller (app/trustStoreFile.ts).
 *
 * `createTrustStoreFiles()` keeps each file's text with the identity of the file (device, inode, size, times): a
 * later use costs one stat and reads again only when the file changed. The path is usually outside every workspace
 * folder, so no file watcher reports its changes; the stat does.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { ioReason } from '../core/text/ioReason';
import { readTextSync } from './readText';

/** A trust-store file is a handful of keys: 1 MiB is far beyond any real one. */
export const MAX_TRUST_STORE_BYTES = 1024 * 1024;

export type TrustStoreFileText = { ok: true; text: string } | { ok: false; error: string };

/** What each failure means for the person who named the file. */
const ADVICE: Record<string, string> = {
  ENOENT: 'no such file: check the path',
  ENOTDIR: 'no such file: check the path',
  EISDIR: 'it is a directory: name the JSON file of keys',
  ELOOP: 'a loop of symbolic links: name the file itself',
  EACCES: 'permission denied: make the file readable',
  EPERM: 'permission denied: make the file readable',
  EFBIG: `over the ${MAX_TRUST_STORE_BYTES}-byte limit of a trust store, which holds a few keys: is this the right file?`,
  ENOTREG: 'not a regular file: name the JSON file of keys',
  ENXIO: 'not a regular file: name the JSON file of keys',
};

function failure(err: unknown): { ok: false; error: string } {
  const code = (err as { code?: unknown } | null)?.code;
  const why = typeof code === 'string' && ADVICE[code] !== undefined ? ADVICE[code] : ioReason(err);
  return { ok: false, error: `cannot read the trust-store file (${why})` };
}

/** Which version of a file this is: a change of content, a replacement or a rewrite changes it. */
function stampOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

/**
 * The text with the stamp taken just before reading it: a change between the two leaves a stamp older than the text,
 * so the next use reads again (never the other way round).
 */
async function readStamped(path: string): Promise<{ text: string; stamp: string }> {
  const stamp = stampOf(await stat(path));
  return { text: readTextSync(path, MAX_TRUST_STORE_BYTES), stamp };
}

/** The text of the trust-store file at `path` (resolved by the caller), or why it cannot be read. */
export async function readTrustStoreFile(path: string): Promise<TrustStoreFileText> {
  try {
    return { ok: true, text: readTextSync(path, MAX_TRUST_STORE_BYTES) };
  } catch (err) {
    return failure(err);
  }
}

export interface TrustStoreFiles {
  /** As readTrustStoreFile, from memory while the file is unchanged. */
  read(path: string): Promise<TrustStoreFileText>;
}

/** At most this many files are kept: one or two are configured; a settings change may leave old paths behind. */
const KEPT_FILES = 8;

export function createTrustStoreFiles(): TrustStoreFiles {
  const kept = new Map<string, { text: string; stamp: string }>();
  return {
    async read(path) {
      const known = kept.get(path);
      if (known) {
        const now = await stat(path).then(stampOf, () => undefined);
        if (now === known.stamp) return { ok: true, text: known.text };
        kept.delete(path);
      }
      try {
        const read = await readStamped(path);
        if (kept.size >= KEPT_FILES) kept.delete(kept.keys().next().value!);
        kept.set(path, read);
        return { ok: true, text: read.text };
      } catch (err) {
        return failure(err);
      }
    },
  };
}
