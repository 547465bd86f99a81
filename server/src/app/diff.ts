/**
 * The diff workflow: a lockfile against the card its agent serves now. The classification (compatible, review,
 * breaking) and the diff of the pinned and the current compiled profile, both reduced to what the lockfile records
 * (never raw card JSON). `a2acap update`, the editor's "Show Lockfile Diff" and update go through here.
 */
import type { CardLoader, LoadedCard } from '../core/check/cardLoader';
import { checkLockfile } from '../core/lockfile/check';
import { checkOptionsFor } from '../core/lockfile/checkOptions';
import { pinnedVsCurrent, type PinnedVsCurrent } from '../core/pin/pinnedVsCurrent';
import type { CheckResult, CompiledProfile, Lockfile } from '../core/types';

export interface DiffRequest {
  lock: Lockfile;
  /** The card the lockfile's agent serves now, and the loader that loaded it (its client compiles the profile). */
  loaded: LoadedCard;
  loader: Pick<CardLoader, 'profileFor'>;
}

export interface DiffResult extends PinnedVsCurrent {
  check: CheckResult;
  /** The current profile, compiled for the loader's client plus the lockfile's extensions. */
  profile: CompiledProfile;
}

export function diffLockfile(request: DiffRequest): DiffResult {
  const { lock, loaded } = request;
  // The lockfile's client: the extensions it relies on are known, as when it was pinned (lockfile/currentProfile.ts).
  const profile = request.loader.profileFor(loaded, lock);
  const check = checkLockfile(lock, profile, checkOptionsFor(loaded.card, loaded.digest, lock));
  return { ...pinnedVsCurrent(lock, profile), check, profile };
}
