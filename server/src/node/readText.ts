/**
 * Reading lockfiles and card files from disk, for the CLI and the language server: synchronous, bounded, and
 * regular files only.
 *
 * Synchronous: lockfiles and cards are small, and one blocking read (open, fstat, read, close) costs a quarter of
 * fs.promises.readFile's four thread-pool round trips; a CLI run has
 * nothing else to do meanwhile, and the server blocks for microseconds.
 * Bounded and regular files only: a path (a lockfile's `agent` is untrusted text, the language server reads
 * whatever the workspace holds) may name something that never ends (/dev/zero), a FIFO whose open() alone
 * would wait for a writer forever, or something huge. So the file is opened without blocking (O_NONBLOCK: no
 * effect on a regular file, and a FIFO's open returns at once), and anything but a regular file is refused
 * from fstat, before a byte is read (code ENOTREG, "not a regular file"), as `lint` and `compile` refuse them.
 * A regular file over the limit is refused from its size without reading it. Errors carry a `code` like fs
 * errors (ENOENT, EISDIR…; EFBIG over the limit), so every caller words them the same way (core/text/ioReason.ts).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Far above any real lockfile or card (the card limit itself, --max-card-bytes, is applied after reading). */
export const MAX_TEXT_BYTES = 32 * 1024 * 1024;

/** O_NONBLOCK where the platform has it (not on Windows, which has no FIFOs to block on). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Reused for every small file: the reads are synchronous, so they never interleave. */
const scratch = Buffer.allocUnsafe(64 * 1024);

export function readTextSync(path: string, maxBytes = MAX_TEXT_BYTES): string {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw withCode('EISDIR', `${path} is a directory`);
    if (!stats.isFile()) throw withCode('ENOTREG', `${path} is not a regular file`);
    if (stats.size > maxBytes) throw tooLarge(path, maxBytes);
    // One byte more than the size: a file that grew since fstat is noticed and read in full below.
    if (stats.size < scratch.length) {
      const n = readSync(fd, scratch, 0, stats.size + 1, 0);
      if (n <= stats.size) return scratch.toString('utf8', 0, n);
    }
    return readChunks(fd, path, maxBytes);
  } finally {
    closeSync(fd);
  }
}

/** A large file, or one that grew since fstat: until end of file or the limit, whichever comes first. */
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
