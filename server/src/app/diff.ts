/**
 * The diff workflow: a lockfile against the card its agent serves now. The classification (compatible, review,
 * breaking) and the diff of the pinned and the current compiled profile, both reduced to what the lockfile records
 * (never raw card JSON). `a2acap update`, the editor's "Show Lockfile Diff" and update go through here.
 * And two cards without a lockfile (`a2acap diff OLD NEW`): classified by the same check (core/cardDiff).
 */
import { diffCards, pinEverything, type CardDiff } from '../core/cardDiff/diffCards';
import { cardDiffReport, type CardDiffFormat, type DiffNames } from '../core/cardDiff/report';
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

export type { CardDiff, CardDiffFormat, DiffNames };
export { cardDiffReport };

export interface CardDiffRequest {
  /** Card URLs (cardUrlFor made them from what was typed) or absolute paths of card files. */
  old: string;
  new: string;
}

export type CardDiffResult = { ok: true; diff: CardDiff } | { ok: false; which: 'old' | 'new'; message: string };

/** Loads both cards (the loader's limits and network allowance) and compares them; never throws for a bad card. */
export async function diffCardLocations(
  loader: Pick<CardLoader, 'load' | 'profileFor'>,
  request: CardDiffRequest,
): Promise<CardDiffResult> {
  const sides: LoadedCard[] = [];
  for (const which of ['old', 'new'] as const) {
    try {
      sides.push(await loader.load(request[which]));
    } catch (err) {
      return { ok: false, which, message: err instanceof Error ? err.message : String(err) };
    }
  }
  const [before, after] = sides as [LoadedCard, LoadedCard];
  const old = { card: before.card, profile: before.profile, digest: before.digest };
  // The new card compiled as a check of the old card's pin would compile it: the old card's extensions known.
  const profile = loader.profileFor(after, pinEverything(old));
  return { ok: true, diff: diffCards(old, { card: after.card, profile, digest: after.digest }) };
}
