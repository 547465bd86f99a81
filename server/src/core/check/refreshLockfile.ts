/**
 * Refreshing one lockfile: read it, load the card it pins (conditionally; see cardLoader.ts), and
 * classify the current profile against it with the core check. Every failure on the way (a corrupt
 * lockfile, a failed fetch, a card that is not JSON or not a valid card) is an `error` outcome carrying
 * its cause, never "compatible". A check never writes the lockfile.
 */
import { checkLockfile, loadLockfile } from '../lockfile';
import { checkOptionsFor } from '../lockfile/checkOptions';
import { signingKeyItems, withSigningKeyItems, type CurrentSigning } from '../lockfile/signingKey';
import { DEFAULT_SIGNATURE_POLICY, type SignaturePolicy } from '../signature/policy';
import { loadStageOf, type CardLoader } from './cardLoader';
import { parseLockfileMemo, recallCheck, rememberCheck } from './checkMemo';
import { isHttpLocation, isOtherUrl, type ReadText } from './cardSources';
import type { StaleMarkers } from '../send/staleMarkers';
import type { RefreshOutcome } from './types';
import type { CheckItem, CheckResult, Lockfile } from '../types';
import { profileFromLock } from '../lockfile/pinnedProfile';
import { loadThroughCatalog } from './throughCatalog';

export interface RefreshOptions {
  loader: CardLoader;
  readText: ReadText;
  /** The card location a lockfile's `agent` names: the URL, or the path it gives relative to the lockfile (node/agentLocation.ts). */
  resolveAgent: (agent: string, lockfilePath: string) => string;
  /** Check against this card instead of the lockfile's `agent` (CLI --card). */
  cardOverride?: string;
  /**
   * Runtime evidence from the profile-driven client (core/send/staleMarkers.ts): a marked agent is
   * re-fetched without validators (a 304 cannot vouch for a profile calls have contradicted), re-diffed,
   * and its marker cleared once the profile is rebuilt. Keys are the lockfile's `agent` as written.
   */
  stale?: StaleMarkers;
  /**
   * Where a card path a lockfile names may be read (the CLI and the editor: inside the lockfile's repository,
   * symlinks resolved; node/insideRoot.ts). Refused: the lockfile is not checked, and the cause says only that the
   * path is outside, nothing about what is there. Without it paths are read as they resolve.
   */
  cardPath?: CardPathCheck;
  /**
   * Where a catalog file a lockfile's `found_via.catalog` names may be read, when that differs from `cardPath` (the
   * MCP tools: inside the root that holds the lockfile). Without either, a catalog path is refused, never read.
   */
  catalogPath?: CardPathCheck;
  /**
   * How the card's signature is verified now, for a lockfile that pinned a signing key (lockfile/signingKey.ts):
   * against the caller's trust store, under its signature policy. Without it the key is reported as not checked.
   */
  signing?: { verify: (card: unknown, cardUrl: string) => Promise<CurrentSigning>; policy: SignaturePolicy };
}

/** A lockfile's card path → the path to read, or a refusal that reveals nothing about the target. */
export type CardPathCheck = (
  lockfilePath: string,
  agent: string,
) => Promise<{ ok: true; path: string } | { ok: false; reason: string }>;

export async function refreshLockfile(lockfilePath: string, options: RefreshOptions): Promise<RefreshOutcome> {
  // The core lockfile loader (lockfile/load.ts): the same messages as every other reader, the memoized parse.
  const loaded = await loadLockfile(lockfilePath, options.readText, parseLockfileMemo);
  if (!loaded.ok) {
    const failed = { status: 'error', lockfile: lockfilePath, stage: 'lockfile', cause: loaded.message } as const;
    return loaded.stage === 'parse'
      ? { ...failed, problems: loaded.problems, text: loaded.text }
      : { ...failed, problems: [] };
  }
  const { lockfile: lock, text } = loaded;
  if (options.cardOverride === undefined && lock.found_via)
    return refreshThroughCatalog(lockfilePath, lock, text, options);
  const card = options.cardOverride ?? options.resolveAgent(lock.agent, lockfilePath);
  const marker = options.cardOverride === undefined ? options.stale?.get(lock.agent) : undefined;
  let readFrom = card;
  if (options.cardOverride === undefined && options.cardPath && !isHttpLocation(card) && !isOtherUrl(card)) {
    const inside = await options.cardPath(lockfilePath, lock.agent);
    if (!inside.ok)
      return {
        status: 'error',
        lockfile: lockfilePath,
        stage: 'card',
        cause: `/agent: ${inside.reason}`,
        problems: [],
        card: lock.agent,
        text,
      };
    readFrom = inside.path;
  }
  try {
    const loaded = await options.loader.load(readFrom, { fresh: marker !== undefined });
    // The card as this lockfile's client sees it: the extensions it relies on are known (lockfile/currentProfile.ts).
    const profile = options.loader.profileFor(loaded, lock);
    // Same lockfile text (hence the same parsed object), same profile object (a 304): the same result (checkMemo.ts).
    let result = marker ? undefined : recallCheck(profile, lock);
    if (!result) {
      result = checkLockfile(lock, profile, checkOptionsFor(loaded.card, loaded.digest, lock));
      if (!marker) rememberCheck(profile, lock, result);
    }
    result = await withSigningCheck(result, lock, loaded.card, isHttpLocation(lock.agent) ? lock.agent : card, options);
    if (marker) {
      options.stale!.clear(lock.agent);
      result.notes.push({
        level: 'note',
        pointer: '/agent',
        message: `re-checked because calls contradicted the profile: ${marker.reason} (${marker.count}× since ${marker.at})`,
      });
    }
    return {
      status: 'checked',
      lockfile: lockfilePath,
      lock,
      text,
      card,
      unchanged: loaded.unchanged,
      profile,
      loaded: { card: loaded.card, profile: loaded.profile },
      cardDigest: loaded.digest,
      result,
    };
  } catch (err) {
    const stage = loadStageOf(err);
    return {
      status: 'error',
      lockfile: lockfilePath,
      stage,
      cause: err instanceof Error ? err.message : String(err),
      problems: [],
      card,
      text,
    };
  }
}

/** A lockfile pinned through a catalog: the card the catalog names now (throughCatalog.ts), checked as usual. */
async function refreshThroughCatalog(
  lockfilePath: string,
  lock: Lockfile,
  text: string,
  options: RefreshOptions,
): Promise<RefreshOutcome> {
  const marker = options.stale?.get(lock.agent);
  const catalogPath = options.catalogPath ?? options.cardPath;
  let through;
  try {
    through = await loadThroughCatalog(options.loader, lock, marker !== undefined, {
      lockfilePath,
      readText: options.readText,
      ...(catalogPath ? { cardPath: catalogPath } : {}),
    });
  } catch (err) {
    const stage = loadStageOf(err);
    const cause = err instanceof Error ? err.message : String(err);
    return { status: 'error', lockfile: lockfilePath, stage, cause, problems: [], card: lock.agent, text };
  }
  if (!through.ok) return entryGone(lockfilePath, lock, text, through.location, through.problem);
  const { loaded: card } = through;
  const profile = options.loader.profileFor(card, lock);
  const checked = checkLockfile(lock, profile, checkOptionsFor(card.card, card.digest, lock));
  const result = await withSigningCheck(checked, lock, card.card, card.via?.url ?? through.location, options);
  result.notes.push(...through.notes);
  if (marker) options.stale!.clear(lock.agent);
  return {
    status: 'checked',
    lockfile: lockfilePath,
    lock,
    text,
    card: card.via?.url ?? through.location,
    unchanged: card.unchanged,
    profile,
    loaded: { card: card.card, profile: card.profile },
    cardDigest: card.digest,
    result,
  };
}

/** The entry is gone: breaking, checked against nothing (the pinned profile stands in for the card). */
function entryGone(
  lockfilePath: string,
  lock: Lockfile,
  text: string,
  location: string,
  problem: CheckItem,
): RefreshOutcome {
  const pinned = profileFromLock(lock);
  return {
    status: 'checked',
    lockfile: lockfilePath,
    lock,
    text,
    card: location,
    unchanged: false,
    profile: pinned,
    loaded: { card: undefined, profile: pinned },
    cardDigest: lock.card_digest,
    result: { classification: 'breaking', problems: [problem], notes: [] },
    entryGone: true,
  };
}

/** For a lockfile that pinned a signing key: the key the card is signed with now, compared (lockfile/signingKey.ts). */
async function withSigningCheck(
  result: CheckResult,
  lock: Lockfile,
  card: unknown,
  cardUrl: string,
  options: RefreshOptions,
): Promise<CheckResult> {
  if (!lock.signing_key) return result;
  const now = options.signing ? await options.signing.verify(card, cardUrl) : ({ state: 'not-checked' } as const);
  return withSigningKeyItems(
    result,
    signingKeyItems(lock.signing_key, now, options.signing?.policy ?? DEFAULT_SIGNATURE_POLICY),
  );
}
