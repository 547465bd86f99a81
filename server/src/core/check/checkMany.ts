/**
 * Checking many lockfiles concurrently with a bound: at most `concurrency` refreshes in flight, results
 * in the order of the input (so reports are stable whatever finishes first).
 */
import { refreshLockfile, type RefreshOptions } from './refreshLockfile';
import type { RefreshOutcome } from './types';

export const DEFAULT_CONCURRENCY = 16;

export async function checkMany(
  lockfiles: readonly string[],
  options: RefreshOptions & { concurrency?: number },
): Promise<RefreshOutcome[]> {
  return mapBounded(lockfiles, options.concurrency ?? DEFAULT_CONCURRENCY, (path) => refreshLockfile(path, options));
}

/** Runs `fn` over `items` with at most `limit` calls pending; `fn` must not throw (refreshLockfile never does). */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      const item = items[i];
      if (item !== undefined) results[i] = await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
