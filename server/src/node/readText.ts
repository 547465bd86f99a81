/**
 * Reading lockfiles and card files from disk, for the CLI and the language server: synchronous and bounded.
 *
 * Synchronous: lockfiles and cards are small, and one blocking read (open, fstat, read, close) costs a quarter of
 * fs.promises.readFile's four thread-pool round trips (1,000 lockfiles: ~5 ms against ~47 ms here); a CLI run has
 * nothing else to do meanwhile, and the server blocks for microseconds.
 * Bounded: a path (a lockfile's `agent` is untrusted text) may name something that never ends (/dev/zero, a FIFO
 * nobody closes soon) or something huge.
 * A regular file over the limit is refused from its size without reading it; anything else is read in chunks up
 * to the limit. Errors carry a `code` like fs errors (ENOENT, EISDIR…; EFBIG over the limit), so every caller
 * words them the same way (core/ioReason.ts).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Far above any real lockfile or card (the card limit itself, --max-card-bytes, is applied after reading). */
export const MAX_TEXT_BYTES = 32 * 1024 * 1024;

/** Reused for every small file: the reads are synchronous, so they never interleave. */
const scratch = Buffer.allocUnsafe(64 * 1024);

export function readTextSync(path: string, maxBytes = MAX_TEXT_BYTES): string {
  const fd = openSync(path, 'r');
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw withCode('EISDIR', `${path} is a directory`);
    if (stats.isFile()) {
      if (stats.size > maxBytes) throw tooLarge(path, maxBytes);
      // One byte more than the size: a file that grew since fstat is noticed and read in full below.
      if (stats.size < scratch.length) {
        const n = readSync(fd, scratch, 0, stats.size + 1, 0);
        if (n <= stats.size) return scratch.toString('utf8', 0, n);
      }
    }
    return readChunks(fd, path, maxBytes);
  } finally {
    closeSync(fd);
  }
}

/** Until end of file or the limit, whichever comes first (devices and FIFOs have no size to check up front). */
function readChunks(fd: number, path: string, maxBytes: number): string {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1 - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    total += n;
    if (total > maxBytes) throw tooLarge(path, maxBytes);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function tooLarge(path: string, maxBytes: number): Error {
  return withCode('EFBIG', `${path} is larger than ${maxBytes} bytes`);
}

function withCode(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}
