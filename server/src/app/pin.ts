/**
 * The pin workflow: load the card (a URL or a file), compile it for the workflow's client, keep only the selected
 * skills and what the workflow relies on, optionally add the evidence of the safe probes, and make the lockfile. The
 * CLI (`a2acap pin`), the MCP tool (a2a_pin) and the editor's pin command take it from here.
 */
import { dirname, relative, sep } from 'node:path';
import { isHttpLocation } from '../core/check/cardSources';
import type { CardLoader, LoadedCard } from '../core/check/cardLoader';
import { cardUrlFor } from '../core/fetch/cardUrl';
import type { GrpcClient } from '../core/net/grpc';
import type { HttpClient } from '../core/net/http';
import { buildLockfile, type PinSelection } from '../core/pin/buildLockfile';
import { PinError } from '../core/pin/errors';
import { evidenceFor } from '../core/pin/probeEvidence';
import { serializeLockfile } from '../core/pin/serialize';
import type { ProbeReport } from '../core/probe/probeAgent';
import { withoutUserinfo } from '../core/text/redact';
import type { Lockfile } from '../core/types';
import { formatCatalogReference, type ReferenceVia } from '../core/catalog/reference';
import { loadCatalogFileEntry, type CatalogFileEntry } from './catalogFileEntry';
import { makeDirectory } from '../node/makeDirectory';
import { createGrpcClient } from '../node/net/grpc';
import { writeLockfile, type LockfileWrite } from '../node/writeLockfile';
import { probe } from './probe';
import { verifiedSigningKey } from './signingKey';
import type { TrustStore } from '../core/signature/trustStore';
import { referenceOrCardUrl } from './reference';

export { PinError, cardUrlFor, isHttpLocation, serializeLockfile };

/** What a typed card URL or catalog reference loads as (a path is the caller's to resolve). */
export const cardLocationFor = referenceOrCardUrl;
export type { PinSelection };

export interface PinRequest {
  /** A card URL or catalog reference (cardLocationFor made it from what was typed) or the absolute path of a card file. */
  location: string;
  selection: PinSelection;
  /** Where the lockfile will be written (absolute), when it will: a card file is recorded relative to it. */
  lockfile?: string;
  /** Else a card file is recorded relative to this folder (the working directory, the first root). */
  baseDir: string;
  /** Run the safe probes (no message is sent) and record their evidence about pinned claims under `verified`. */
  probe?: boolean;
  /**
   * The keys the card's signature is verified against: a verified key is recorded as `signing_key` (its kid, RFC 7638
   * thumbprint and origin), which later checks compare. Without it no key is recorded.
   */
  trust?: TrustStore;
  /**
   * An entry of a catalog file (the editor's "Pin this agent", `pin CATALOG-PATH#IDENTIFIER`): its card (inline, or
   * its `url`, which is then `location`) and the entry it is, with the catalog's absolute path. The lockfile records
   * the catalog relative to the lockfile's folder (`found_via`, followed by later checks); `agent` is the card URL,
   * or for an inline card the reference CATALOG-PATH#IDENTIFIER[@VERSION] (`location`).
   */
  fromCatalogFile?: CatalogFileEntry;
}

export type PinResult =
  | {
      ok: true;
      lock: Lockfile;
      /** The card as loaded (the editor's session learns an agent's newest card from it). */
      loaded: LoadedCard;
      /** The safe probes' results, when asked for and the card is a URL. */
      probes?: ProbeReport['results'];
      /** The card URL the probes read (their evidence is about it). */
      probedCard?: string;
      /** Why no probe ran although asked for. */
      probesSkipped?: string;
    }
  | { ok: false; stage: 'load'; message: string }
  | { ok: false; stage: 'probe'; message: string; loaded: LoadedCard; cause: unknown }
  | { ok: false; stage: 'selection'; message: string; error: PinError; loaded: LoadedCard };

export interface PinWorld {
  loader: CardLoader;
  /** For the probes; null when the network is off. */
  http: HttpClient | null;
  /** The host's gRPC client for the probes (kept open); without it the workflow opens and closes one of its own. */
  grpc?: GrpcClient;
  now: () => Date;
}

/** Builds the lockfile of a selection. Never throws for a card that cannot be loaded or a bad selection. */
export async function pin(world: PinWorld, request: PinRequest): Promise<PinResult> {
  let loaded;
  try {
    loaded = request.fromCatalogFile
      ? await loadCatalogFileEntry(world.loader, request.location, request.fromCatalogFile)
      : await world.loader.load(request.location);
  } catch (err) {
    return { ok: false, stage: 'load', message: messageOf(err) };
  }
  // Through a catalog: the agent is the card URL the entry named (the reference itself when the card was inline).
  const location = loaded.via?.url ?? request.location;
  let lock: Lockfile;
  try {
    lock = buildLockfile({
      profile: loaded.profile,
      cardDigest: loaded.digest,
      agentUrl: agentField(location, request.lockfile, request.baseDir),
      selection: request.selection,
      now: world.now,
    });
  } catch (err) {
    if (err instanceof PinError) return { ok: false, stage: 'selection', message: err.message, error: err, loaded };
    throw err;
  }
  if (request.trust) {
    const key = await verifiedSigningKey(request.trust, loaded.card, request.location);
    if (key) lock = { ...lock, signing_key: key };
  }
  if (loaded.via) lock = withFoundVia(lock, loaded.via, request);
  if (!request.probe) return { ok: true, lock, loaded };
  if (loaded.via && loaded.via.url === undefined)
    return {
      ok: true,
      lock,
      loaded,
      probesSkipped: 'the card is inline in the catalog, there is no card URL to probe',
    };
  if (!isHttpLocation(location) || !world.http)
    return { ok: true, lock, loaded, probesSkipped: 'the card is a file, there is no live agent to probe' };
  let report: ProbeReport;
  const grpc = world.grpc ?? createGrpcClient();
  try {
    report = await probe({ agent: location, http: world.http, grpc });
  } catch (err) {
    return { ok: false, stage: 'probe', message: `probing failed: ${messageOf(err)}`, loaded, cause: err };
  } finally {
    if (!world.grpc) grpc.close();
  }
  const verified = evidenceFor(lock.requires, report.results);
  return {
    ok: true,
    lock: Object.keys(verified).length ? { ...lock, verified } : lock,
    loaded,
    probes: report.results,
    probedCard: report.cardUrl,
  };
}

/**
 * The lockfile with where its agent was found: the catalog (a URL without userinfo; a catalog file relative to the
 * lockfile's folder), the identifier, the version. An inline card of a catalog file has no URL of its own: the
 * lockfile names it by the same reference.
 */
function withFoundVia(lock: Lockfile, via: ReferenceVia, request: PinRequest): Lockfile {
  const { foundVia } = via;
  const file = !isHttpLocation(foundVia.catalog);
  const found_via = {
    catalog: file ? agentField(foundVia.catalog, request.lockfile, request.baseDir) : withoutUserinfo(foundVia.catalog),
    identifier: foundVia.identifier,
    ...(foundVia.version !== undefined ? { version: foundVia.version } : {}),
  };
  const inline = file && via.url === undefined;
  return inline ? { ...lock, agent: formatCatalogReference(found_via), found_via } : { ...lock, found_via };
}

/**
 * What a lockfile's `agent` records: the card URL without its userinfo (a password typed into the URL never goes
 * into a file meant for the repository), or the card file's path relative to the lockfile's folder (else to
 * `baseDir`), with forward slashes (portable across checkouts and systems).
 */
export function agentField(location: string, lockfile: string | undefined, baseDir?: string): string {
  if (isHttpLocation(location)) return withoutUserinfo(location);
  const from = lockfile !== undefined ? dirname(lockfile) : baseDir;
  return (from === undefined ? location : relative(from, location)).split(sep).join('/');
}

/**
 * Writes the lockfile atomically; a re-pin that changes nothing but timestamps leaves the file as it was.
 * `makeFolder`: the folder may be created (the caller checked it is where the lockfile may go).
 */
export async function writePinnedLockfile(path: string, lock: Lockfile, makeFolder = false): Promise<LockfileWrite> {
  if (makeFolder) makeDirectory(dirname(path));
  return writeLockfile(path, lock);
}

/** A card location as messages show it: a URL without its userinfo, a path as it is. */
export function shownCardLocation(location: string): string {
  return isHttpLocation(location) ? withoutUserinfo(location) : location;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
