/**
 * Re-checking an unchanged lockfile against an unchanged card is the steady state of a long-lived
 * checker (the language server's watcher re-checks every lockfile on a schedule; nearly every card
 * answers 304). Parsing a lockfile is a pure function of its text, and the check a pure function of the
 * lockfile and the compiled profile (+ its digest), so both are remembered:
 * - parsed lockfiles by text (only valid ones: an error outcome is cheap to rebuild);
 * - check results per profile OBJECT and parsed-lockfile OBJECT (one per distinct text, from the memo above):
 *   a card that changed is compiled into a new profile, hence checked afresh; a lockfile edited by one byte
 *   is another text, hence another object. Weakly held: they go when the card or the lockfile goes.
 * The text memo is bounded (oldest dropped first); nothing here can make a changed card or lockfile look unchanged.
 */
import { parseLockfile, type LockfileRead } from '../lockfile';
import type { CheckResult, CompiledProfile, Lockfile } from '../types';

const MAX_TEXTS = 4096;

const parsed = new Map<string, Lockfile>();
const checks = new WeakMap<CompiledProfile, WeakMap<Lockfile, CheckResult>>();

/** parseLockfile, remembered for valid lockfiles. The Lockfile returned is shared: treat it as read-only. */
export function parseLockfileMemo(text: string): LockfileRead {
  const lock = parsed.get(text);
  if (lock) return { ok: true, lockfile: lock };
  const read = parseLockfile(text);
  if (read.ok) {
    if (parsed.size >= MAX_TEXTS) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, read.lockfile);
  }
  return read;
}

export function recallCheck(profile: CompiledProfile, lock: Lockfile): CheckResult | undefined {
  const hit = checks.get(profile)?.get(lock);
  return hit && copy(hit);
}

export function rememberCheck(profile: CompiledProfile, lock: Lockfile, result: CheckResult): void {
  let locks = checks.get(profile);
  if (!locks) checks.set(profile, (locks = new WeakMap()));
  locks.set(lock, copy(result));
}

/** Fresh arrays per outcome: a caller adding a note to its result never touches the remembered one (every CheckResult field listed). */
function copy(r: CheckResult): CheckResult {
  return { classification: r.classification, problems: r.problems.slice(), notes: r.notes.slice() };
}
