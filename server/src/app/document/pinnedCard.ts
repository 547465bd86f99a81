import { pauseFor } from './pace';
import { dirname, relative, resolve as resolvePath } from 'node:path';
import { cardCanonicalProblem, cardDigest } from '../../core/card/digest';
import { isObject } from '../../core/document';
import { checkLockfilePaced } from '../../core/lockfile/check';
import { checkOptionsFor } from '../../core/lockfile/checkOptions';
import { readLockfile } from '../../core/lockfile/read';
import { compileProfile } from '../../core/profile/compile';
import { clientForLock, profileForLock } from '../../core/lockfile/currentProfile';
import { resolveAgent } from '../../node/agentLocation';
import type { CheckResult, CompiledProfile, Lockfile } from '../../core/types';
import type { Analysis } from './analysis';
import type { DocumentWorld } from './world';
import { uriPath } from './documentKind';
import type { LiveCard, LiveFailure } from './liveSession';
import { clientConfig } from './settings';
import { workspaceCardPaths } from './workspaceCards';

/** The card a lockfile pins, as found in the workspace (an open document or a file on disk). */
export interface PinnedCard {
  /** Where the card was found, relative to the lockfile's folder (for messages). */
  source: string;
  card: Record<string, unknown>;
  profile: CompiledProfile;
}

export interface LockfileAgainstCard {
  lock: Lockfile;
  /** The lockfile's agent as a location (URL, or the card file's absolute path): the key of what the session knows. */
  agent: string;
  pinned?: PinnedCard;
  check?: CheckResult;
  /** The live card of the agent, when it was fetched in this session, and the lockfile checked against it. */
  live?: { card: LiveCard; check: CheckResult };
  /** The last live check of the agent failed (and nothing was fetched since). */
  liveFailure?: LiveFailure;
  /**
   * Why the pinned workspace card cannot be used (it has no canonical form, so no digest to compare): then
   * `pinned` is set and `check` is not, and every view says "this card cannot be used, because …".
   */
  unusable?: string;
  /** Why the project's policies cannot be checked on this lockfile (its configuration's policies do not compile). */
  policyError?: string;
}

/**
 * Reads a lockfile analysis, finds the card it pins and checks the lock against that card's compiled
 * profile (for this document's client settings). Returns undefined when the lockfile itself is invalid.
 */
export async function lockfileAgainstCard(
  world: DocumentWorld,
  lockAnalysis: Analysis,
  pause: () => Promise<void> = pauseFor(),
): Promise<LockfileAgainstCard | undefined> {
  const read = readLockfile(lockAnalysis.value);
  if (!read.ok) return undefined;
  const lock = read.lockfile;
  const agent = resolveAgent(lock.agent, uriPath(lockAnalysis.uri));
  const session = world.session;
  // The lockfile's own evidence joins what the session knows about the agent (newer evidence wins).
  session.evidence.recordLockfile(agent, lock.verified);
  const result: LockfileAgainstCard = { lock, agent };
  const client = clientConfig(lockAnalysis.settings);
  const liveCard = session.card(agent);
  if (liveCard) {
    // The card as this lockfile's client sees it: the extensions the lockfile relies on are known (currentProfile.ts).
    const profile = liveCard.card ? profileForLock(liveCard.card, liveCard.profile, lock, client) : liveCard.profile;
    result.live = {
      card: liveCard,
      check: await checkLockfilePaced(lock, profile, checkOptionsFor(liveCard.card, liveCard.digest, lock), pause),
    };
  }
  const failure = session.failure(agent);
  if (failure) result.liveFailure = failure;
  const card = await findCard(world, lockAnalysis, lock.agent);
  if (!card) return result;
  const profile = compileProfile(card.card, clientForLock(client, lock));
  result.pinned = { card: card.card, source: relativeTo(lockAnalysis.uri, card.source), profile };
  const problem = cardCanonicalProblem(card.card);
  if (problem) {
    result.unusable = `the card in ${result.pinned.source} cannot be used, because it has no canonical form (RFC 8785) to digest: ${problem.reason}${problem.pointer ? ` at ${problem.pointer.length > 60 ? `${problem.pointer.slice(0, 59)}…` : problem.pointer}` : ''}`;
    return result;
  }
  result.check = await checkLockfilePaced(
    lock,
    profile,
    checkOptionsFor(card.card, cardDigest(card.card), lock),
    pause,
  );
  return result;
}

async function findCard(
  world: DocumentWorld,
  lockAnalysis: Analysis,
  agent: string,
): Promise<{ source: string; card: Record<string, unknown> } | undefined> {
  const lockPath = uriPath(lockAnalysis.uri);
  // A card path stays inside the lockfile's workspace folder (symlinks resolved); one outside is not read, and no
  // other card is taken for it.
  let wantedPath: string | undefined;
  if (!isHttpUrl(agent)) {
    const inside = await workspaceCardPaths(() => world.workspaceFolders())(lockPath, agent);
    if (!inside.ok) return undefined;
    wantedPath = resolvePath(dirname(lockPath), agent);
  }
  const matches = (path: string | undefined, card: unknown): card is Record<string, unknown> =>
    isObject(card) && ((wantedPath !== undefined && path === wantedPath) || cardMatchesAgent(card, agent));

  // Open card files first: they hold what the user is editing right now. Only files: a card A2A: Fetch Agent Card
  // opened (read-only) or an untitled draft is not what the lockfile pins, and must not stand in for it.
  for (const a of await world.openAnalyses()) {
    if (a.kind === 'card' && isFileUri(a.uri) && a.uri !== lockAnalysis.uri && matches(uriPath(a.uri), a.value))
      return { source: a.uri, card: a.value as Record<string, unknown> };
  }
  const open = new Set(world.openUris().map(uriPath));
  const { maxCardBytes, files } = lockAnalysis.settings;
  if (wantedPath !== undefined && !open.has(wantedPath)) {
    const card = await world.workspaceCards.read(wantedPath, maxCardBytes);
    if (matches(wantedPath, card)) return { source: wantedPath, card };
  }
  for (const { path, card } of await world.workspaceCards.cards(
    world.workspaceFolders(),
    files.agentCards,
    maxCardBytes,
  )) {
    if (!open.has(path) && matches(path, card)) return { source: path, card };
  }
  return undefined;
}

/** A card is the one a lockfile names when the name is equal, or one of its interfaces lives at the agent URL's origin. */
export function cardMatchesAgent(card: Record<string, unknown>, agent: string): boolean {
  if (typeof card.name === 'string' && card.name.trim() !== '' && card.name.trim() === agent.trim()) return true;
  if (!isHttpUrl(agent)) return false;
  const origin = new URL(agent).origin;
  const interfaces = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [];
  return interfaces.some(
    (i) => isObject(i) && typeof i.url === 'string' && isHttpUrl(i.url) && new URL(i.url).origin === origin,
  );
}

function isFileUri(uri: string): boolean {
  return uri.startsWith('file:');
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A card's location as the user would say it: relative to the lockfile's folder. */
function relativeTo(lockUri: string, source: string): string {
  const path = source.startsWith('file:') ? uriPath(source) : source;
  const rel = relative(dirname(uriPath(lockUri)), path);
  return rel === '' ? path : rel;
}

/**
 * For views that show ONE current card (hovers): the workspace card when there is one, else the live card
 * fetched this session, presented as the pinned card.
 */
export function withLiveAsPinned(r: LockfileAgainstCard | undefined): LockfileAgainstCard | undefined {
  if (!r || r.pinned || !r.live) return r;
  const { card } = r.live;
  return {
    ...r,
    pinned: {
      source: `the live card at ${card.url} (fetched ${card.at})`,
      card: card.card ?? {},
      profile: card.profile,
    },
    check: r.live.check,
  };
}
