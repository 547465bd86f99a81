/**
 * The vocabulary of refreshing lockfiles. The world (network, files, clock) comes in through the
 * small interfaces below, so the refresh logic runs unchanged in the CLI, the language server and tests.
 */
import type { CheckResult, CompiledProfile, JsonPointer, Lockfile } from '../types';
import type { CachedCard, CardCache, Validators } from '../cache/types';
import type { ReferenceVia } from '../catalog/reference';

export type { CachedCard, CardCache, Validators };

export type FetchedCard =
  /** 304 Not Modified: the card is the one the validators were taken from. */
  | { status: 'unchanged' }
  /** `via`: the location was a catalog reference, resolved as it says. */
  | { status: 'fresh'; card: unknown; validators: Validators; via?: ReferenceVia };

/** Where cards come from: a conditional HTTP fetch, or a file. Throws an Error with a one-line message. */
export interface CardSource {
  fetch(location: string, previous?: Validators): Promise<FetchedCard>;
}

/** Why a lockfile could not be checked. Never "compatible": an error is its own outcome. */
export type ErrorStage = 'lockfile' | 'fetch' | 'card';

export type RefreshOutcome =
  | {
      status: 'checked';
      /** The lockfile's path (or any label the caller gave it). */
      lockfile: string;
      lock: Lockfile;
      /** The lockfile text as read (reports turn pointers into line/column with it). */
      text: string;
      /** Where the card was read from (resolved `agent`, or the --card override). */
      card: string;
      /** True when the card was not re-read (304): the cached profile was checked again. */
      unchanged: boolean;
      /** What the lockfile was checked against: the card compiled for the checking client plus the lock's extensions. */
      profile: CompiledProfile;
      /** The card as loaded, and compiled for the checking client alone (what holds for any other lockfile of the agent). */
      loaded: { card: unknown; profile: CompiledProfile };
      cardDigest: string;
      result: CheckResult;
      /** The catalog the lockfile was pinned through no longer lists its entry: no card was loaded (breaking). */
      entryGone?: true;
    }
  | {
      status: 'error';
      lockfile: string;
      stage: ErrorStage;
      /** One line: what failed and why. */
      cause: string;
      /** Where in the lockfile the cause is (corrupt lockfiles), '' for the whole file. */
      problems: { pointer: JsonPointer; message: string }[];
      card?: string;
      text?: string;
    };
