/**
 * Why a file could not be read, in the user's words: one short phrase for a message such as
 * "cannot read the lockfile (no such file)". The CLI and the language server report the same failure alike.
 */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  ENOTDIR: 'no such file',
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EFBIG: 'file too large',
  // A FIFO, device or socket (node/readText.ts refuses them; a socket's open() fails with ENXIO).
  ENOTREG: 'not a regular file',
  ENXIO: 'not a regular file',
};

export function ioReason(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return REASONS[code] ?? code;
  // An injected reader may throw without a code: its first line is the reason (never a stack).
  const first = err instanceof Error ? (err.message.split('\n', 1)[0] ?? '').trim() : '';
  return first ? first.slice(0, 200) : 'I/O error';
}
