/**
 * Atomic file replacement: write a temporary file in the SAME directory (rename is only atomic within
 * one file system), fsync it, rename it over the target, then fsync the directory so the rename itself
 * survives a power loss. A crash at any point leaves either the old complete file or the new one,
 * never a truncated lockfile; a failed write removes its temporary file.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** `mode`: the permission bits of the file replaced (replaceGuard.ts), kept; a new file gets 0644. */
export async function writeFileAtomic(target: string, content: string, mode = 0o644): Promise<void> {
  const dir = dirname(target);
  const temp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', mode);
  try {
    // open() applies the umask; the mode of a replaced file is kept as it was.
    await handle.chmod(mode);
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await fs.rename(temp, target);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(dir);
}

/** Best effort: some platforms (Windows) cannot open a directory for fsync; the rename is still atomic there. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // ignored: see above
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
