/**
 * The update workflow: a lockfile re-pinned against the card its agent serves now, keeping the same selection.
 * The result says whether the lockfile is up to date, what the re-pinned lockfile is, or why it cannot be
 * re-pinned (a breaking change: pin a new selection instead). Nothing is written here: the front end decides
 * (`a2acap update --yes`, the editor's "Update Lockfile").
 */
import type { CardLoader, LoadedCard } from '../core/check/cardLoader';
import type { ReferenceVia } from '../core/catalog/reference';
import { loadThroughCatalog, type CatalogFiles } from '../core/check/throughCatalog';
import { withoutUserinfo } from '../core/text/redact';
import { loadLockfile } from '../core/lockfile/load';
import { PinError } from '../core/pin/errors';
import { pinWhatIsOffered } from '../core/pin/acceptBreaking';
import { repin } from '../core/pin/repin';
import { keepPreviousWhenUnchanged, serializeLockfile } from '../core/pin/serialize';
import { isHttpLocation, isOtherUrl } from '../core/check/cardSources';
import type { Lockfile, SigningKey } from '../core/types';
import { signingKeyItems, withSigningKeyItems, type CurrentSigning } from '../core/lockfile/signingKey';
import type { SignaturePolicy } from '../core/signature/policy';
import { resolveAgent } from '../node/agentLocation';
import { lockfileCardPaths } from '../node/insideRoot';
import { diffLockfile, type DiffResult } from './diff';
import { nodeFiles, type Files } from './files';

export interface UpdateRequest {
  /** The lockfile's absolute path, its parsed content and its text as read. */
  path: string;
  lock: Lockfile;
  text: string;
  loader: CardLoader;
  now: () => Date;
  /** Where the agent's card is, when the front end resolved it (the editor, inside its workspace folders). */
  location?: string;
  /**
   * Keep the lockfile as it is when only its timestamp would change (default). Off for the editor's "Update
   * Lockfile", which the user runs after reviewing the diff and which has always re-pinned with a new timestamp.
   */
  keepUnchanged?: boolean;
  /**
   * How the card's signature is verified now (app/signingKey.ts signingCheck): the pinned key is compared as check
   * compares it, and the re-pinned lockfile records the key that verifies the card now (none when the card is no
   * longer signed). Without it the pinned key is kept as it is: nothing could confirm or replace it.
   */
  signing?: { verify: (card: unknown, cardUrl: string) => Promise<CurrentSigning>; policy: SignaturePolicy };
  /**
   * For a lockfile pinned from a catalog file of the repository: how that file is read and where repository paths
   * may lead (default: the disk, inside the lockfile's git top-level; the editor: its documents and workspace folder).
   */
  catalogFiles?: Partial<Omit<CatalogFiles, 'lockfilePath'>>;
}

export type UpdateResult =
  /** The agent could not be loaded (unreachable, refused, not a card); `cause` is what was thrown, if anything. */
  | { status: 'unloadable'; message: string; cause?: unknown }
  /** The pinned selection is no longer offered; `cardDigest` is the digest of the card the agent serves now. */
  | ({
      status: 'breaking';
      message: string;
      cardDigest: string;
      signing: CurrentSigning;
      /** How the card was reached through the lockfile's catalog, when it was pinned through one. */
      via?: ReferenceVia;
    } & DiffResult)
  /** `next` is the re-pinned lockfile, `nextText` what it is written as. */
  | ({ status: 'up-to-date' | 'pending'; next: Lockfile; nextText: string; signing: CurrentSigning } & DiffResult);

export async function updateLockfile(request: UpdateRequest): Promise<UpdateResult> {
  const { lock, loader } = request;
  let loaded;
  let cardUrl;
  try {
    const found = await loadCurrentCard(request);
    if (!found.ok) return { status: 'unloadable', message: found.message };
    ({ loaded, cardUrl } = found);
  } catch (err) {
    return { status: 'unloadable', message: err instanceof Error ? err.message : String(err), cause: err };
  }
  const signing: CurrentSigning = request.signing
    ? await request.signing.verify(loaded.card, loaded.via?.url ?? cardUrl)
    : { state: 'not-checked' };
  const diff = withSigningDiff(diffLockfile({ lock, loaded, loader }), lock, signing, request.signing?.policy);
  let next: Lockfile;
  try {
    const repinned = withSigningKey(
      followCatalog(repin({ lock, profile: diff.profile, cardDigest: loaded.digest, now: request.now }), loaded.via),
      lock.signing_key,
      signing,
    );
    next = request.keepUnchanged === false ? repinned : keepPreviousWhenUnchanged(repinned, lock);
  } catch (err) {
    if (err instanceof PinError)
      return {
        status: 'breaking',
        message: err.message,
        cardDigest: loaded.digest,
        signing,
        ...(loaded.via ? { via: loaded.via } : {}),
        ...diff,
      };
    throw err;
  }
  const nextText = serializeLockfile(next);
  return { status: nextText === request.text ? 'up-to-date' : 'pending', next, nextText, signing, ...diff };
}

/** The check's classification with the pinned signing key compared, as `check --trust-store` compares it. */
function withSigningDiff(
  diff: DiffResult,
  lock: Lockfile,
  signing: CurrentSigning,
  policy: SignaturePolicy | undefined,
): DiffResult {
  if (!lock.signing_key || signing.state === 'not-checked' || policy === undefined) return diff;
  return { ...diff, check: withSigningKeyItems(diff.check, signingKeyItems(lock.signing_key, signing, policy)) };
}

/**
 * The signing key a rewritten lockfile records: the key that verifies the card now; none when the card is no longer
 * signed (the rewrite was accepted, under the check's classification); the pinned one when nothing verified the card
 * (no trust store, or a signature that does not verify: an unconfirmed key is never recorded).
 */
export function withSigningKey(next: Lockfile, pinned: SigningKey | undefined, signing: CurrentSigning): Lockfile {
  const rest = { ...next };
  delete rest.signing_key;
  if (signing.state === 'verified')
    return { ...rest, signing_key: { kid: signing.kid, thumbprint: signing.thumbprint, origin: signing.origin } };
  if (signing.state === 'unsigned' || pinned === undefined) return rest;
  return { ...rest, signing_key: pinned };
}

/** The card the lockfile's agent serves now: through its catalog when it was pinned through one (check.ts does the same). */
async function loadCurrentCard(
  request: UpdateRequest,
): Promise<{ ok: true; loaded: LoadedCard; cardUrl: string } | { ok: false; message: string }> {
  const { lock, loader } = request;
  if (request.location === undefined && lock.found_via) {
    const through = await loadThroughCatalog(loader, lock, false, {
      lockfilePath: request.path,
      readText: request.catalogFiles?.readText ?? nodeFiles.readText,
      cardPath: request.catalogFiles?.cardPath ?? lockfileCardPaths(),
    });
    return through.ok
      ? { ok: true, loaded: through.loaded, cardUrl: through.location }
      : { ok: false, message: `${through.problem.pointer}: ${through.problem.message}` };
  }
  const where =
    request.location !== undefined
      ? { ok: true as const, location: request.location }
      : await lockfileCardLocation(lock, request.path);
  if (!where.ok) return { ok: false, message: `/agent: ${where.reason}` };
  return { ok: true, loaded: await loader.load(where.location), cardUrl: where.location };
}

/**
 * A breaking change accepted (`update --yes --accept-breaking`): what the agent offers now pinned, recorded where the
 * catalog lists it now and with the key that verifies the card now, as a compatible re-pin is.
 */
export function acceptBreaking(
  lock: Lockfile,
  update: Extract<UpdateResult, { status: 'breaking' }>,
  now: () => Date,
): Lockfile {
  const next = pinWhatIsOffered({ lock, profile: update.profile, cardDigest: update.cardDigest, now });
  return withSigningKey(followCatalog(next, update.via), lock.signing_key, update.signing);
}

/** A re-pin through a catalog records where the catalog lists the agent now (its card URL, the version selected). */
function followCatalog(next: Lockfile, via: ReferenceVia | undefined): Lockfile {
  if (!via) return next;
  return {
    ...next,
    agent: via.url !== undefined ? withoutUserinfo(via.url) : next.agent,
    found_via: { ...via.foundVia },
  };
}

/** A lockfile read and parsed: its content and text, or why not (unreadable, corrupt). */
export async function readLockfileAt(
  path: string,
  files: Pick<Files, 'readText'>,
): Promise<{ ok: true; lock: Lockfile; text: string } | { ok: false; message: string }> {
  const loaded = await loadLockfile(path, files.readText);
  return loaded.ok ? { ok: true, lock: loaded.lockfile, text: loaded.text } : { ok: false, message: loaded.message };
}

/** The lockfile's agent: its URL, or its card path when that stays inside the lockfile's repository. */
export async function lockfileCardLocation(
  lock: Lockfile,
  path: string,
): Promise<{ ok: true; location: string } | { ok: false; reason: string }> {
  const agent = resolveAgent(lock.agent, path);
  if (isHttpLocation(agent) || isOtherUrl(agent)) return { ok: true, location: agent };
  const inside = await lockfileCardPaths()(path, lock.agent);
  return inside.ok ? { ok: true, location: inside.path } : { ok: false, reason: inside.reason };
}
