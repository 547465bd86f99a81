/**
 * Atomic file replacement: write a temporary file in the SAME directory (rename is only atomic within
 * one file system), fsync it, rename it over the target, then fsync the directory so the rename itself
 * survives a power loss. A crash at any point leaves either the old complete file or the new one,
 * never a truncated lockfile; a failed write removes its temporary file, and a writer that could not (killed
 * with SIGKILL, a power loss) leaves one that the next write of the same file removes.
 *
 * The target never escapes the repository through a symbolic link (node/insideRoot.ts): a link planted in the
 * repository (`.a2a` → elsewhere, `stale.json` → a file elsewhere) makes the write fail instead of landing there.
 * A link at the target itself that stays inside is replaced by the file (rename does not follow it).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { assertWritableInside } from './insideRoot';

/** Temporary files older than this are stale whatever their pid says (pids are reused). */
export const STALE_TEMP_AGE_MS = 15 * 60 * 1000;

/** The temporary file a write of `target` by process `pid` uses. */
export function tempPathFor(target: string, pid: number = process.pid): string {
  return join(dirname(target), `.${basename(target)}.${pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/** `mode`: the permission bits of the file replaced (replaceGuard.ts), kept; a new file gets 0644. */
export async function writeFileAtomic(target: string, content: string, mode = 0o644): Promise<void> {
  const dir = dirname(target);
  await assertWritableInside(target);
  const temp = tempPathFor(target);
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
  await removeStaleTemps(target).catch(() => undefined);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes what killed writers of `target` left: `.<name>.<pid>.<hex>.tmp` of a process that no longer exists, or
 * older than STALE_TEMP_AGE_MS. A live writer's temporary file (another process, or a write of this one still in
 * flight) is left alone. Only this target's temporary files are considered, and only regular files.
 */
export async function removeStaleTemps(target: string, now: number = Date.now()): Promise<string[]> {
  const dir = dirname(target);
  const pattern = new RegExp(`^\\.${escapeRegExp(basename(target))}\\.(\\d{1,10})\\.[0-9a-f]{12}\\.tmp$`);
  const removed: string[] = [];
  for (const name of await fs.readdir(dir)) {
    const match = pattern.exec(name);
    if (!match) continue;
    const path = join(dir, name);
    const stats = await fs.lstat(path).catch(() => undefined);
    if (!stats?.isFile()) continue;
    const pid = Number(match[1]);
    if (now - stats.mtimeMs < STALE_TEMP_AGE_MS && (pid === process.pid || processExists(pid))) continue;
    await fs.rm(path, { force: true });
    removed.push(path);
  }
  return removed;
}

function processExists(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as { code?: string }).code === 'EPERM';
  }
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
