/**
 * Deterministic lockfile text: keys sorted at every level, arrays kept in the order they were built
 * (buildLockfile sorts the set-like ones), 2-space indentation, one trailing newline. The same
 * lockfile always gives the same bytes, so a re-pin with nothing changed is a no-op in git.
 */
import { LOCKFILE_VERSION } from '../lockfile/format';
import type { Lockfile } from '../types';
import { machineJson } from '../report/machineJson';

export function serializeLockfile(lock: Lockfile): string {
  return `${machineJson(sortKeys(lock), 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sortKeys(member);
    }
    return out;
  }
  return value;
}

/**
 * Re-pin policy for `pinned_at`: it records when the promise last CHANGED, not when someone last ran
 * pin. When the new lockfile equals the previous one except for timestamps and wording (`pinned_at`, and
 * the `at` and `detail` of structured evidence: probe details name random task ids), the previous
 * lockfile is kept as it is, so the file does not change.
 * Anything else that differs (digest, version, requirements, evidence results) takes the new lockfile.
 */
export function keepPreviousWhenUnchanged(next: Lockfile, previous: Lockfile | undefined): Lockfile {
  if (!previous) return next;
  return serializeLockfile(withoutTimestamps(next)) === serializeLockfile(withoutTimestamps(previous))
    ? previous
    : next;
}

/**
 * What a re-pin compares: no timestamps, and an absent format version read as the current one (a lockfile pinned
 * before `lockfile_version` existed is format 1: re-pinning it with nothing else changed is still a no-op).
 */
function withoutTimestamps(lock: Lockfile): Lockfile {
  const copy: Lockfile = { ...lock, pinned_at: '', lockfile_version: lock.lockfile_version ?? LOCKFILE_VERSION };
  if (lock.verified) {
    copy.verified = Object.fromEntries(
      Object.entries(lock.verified).map(([claim, e]) => [
        claim,
        typeof e === 'string' ? e : { ...e, at: '', detail: '' },
      ]),
    );
  }
  return copy;
}
