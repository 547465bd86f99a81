/**
 * The pin workflow: load the card (a URL or a file), compile it for the workflow's client, keep only the selected
 * skills and what the workflow relies on, optionally add the evidence of the safe probes, and make the lockfile. The
 * CLI (`a2acap pin`), the MCP tool (a2a_pin) and the editor's pin command take it from here.
 */
import { dirname, relative, sep } from 'node:path';
import { isHttpLocation } from '../core/check/cardSources';
import type { CardLoader } from '../core/check/cardLoader';
import { cardUrlFor } from '../core/fetch/cardUrl';
import type { HttpClient } from '../core/net/http';
import { buildLockfile, type PinSelection } from '../core/pin/buildLockfile';
import { PinError } from '../core/pin/errors';
import { evidenceFor } from '../core/pin/probeEvidence';
import { serializeLockfile } from '../core/pin/serialize';
import { probeAgent } from '../core/probe/probeAgent';
import type { ProbeResult } from '../core/probe/types';
import { withoutUserinfo } from '../core/text/redact';
import type { Lockfile } from '../core/types';
import { makeDirectory } from '../node/makeDirectory';
import { createGrpcClient } from '../node/net/grpc';
import { writeLockfile, type LockfileWrite } from '../node/writeLockfile';

export { PinError, cardUrlFor, isHttpLocation, serializeLockfile };
export type { PinSelection };

export interface PinRequest {
  /** A card URL (cardUrlFor made it from what was typed) or the absolute path of a card file. */
  location: string;
  selection: PinSelection;
  /** Where the lockfile will be written (absolute), when it will: a card file is recorded relative to it. */
  lockfile?: string;
  /** Else a card file is recorded relative to this folder (the working directory, the first root). */
  baseDir: string;
  /** Run the safe probes (no message is sent) and record their evidence about pinned claims under `verified`. */
  probe?: boolean;
}

export type PinResult =
  | {
      ok: true;
      lock: Lockfile;
      /** The safe probes' results, when asked for and the card is a URL. */
      probes?: readonly ProbeResult[];
      /** Why no probe ran although asked for. */
      probesSkipped?: string;
    }
  | { ok: false; stage: 'load' | 'probe'; message: string }
  | { ok: false; stage: 'selection'; message: string; error: PinError };

export interface PinWorld {
  loader: CardLoader;
  /** For the probes; null when the network is off. */
  http: HttpClient | null;
  now: () => Date;
}

/** Builds the lockfile of a selection. Never throws for a card that cannot be loaded or a bad selection. */
export async function pin(world: PinWorld, request: PinRequest): Promise<PinResult> {
  let loaded;
  try {
    loaded = await world.loader.load(request.location);
  } catch (err) {
    return { ok: false, stage: 'load', message: messageOf(err) };
  }
  let lock: Lockfile;
  try {
    lock = buildLockfile({
      profile: loaded.profile,
      cardDigest: loaded.digest,
      agentUrl: agentField(request.location, request.lockfile, request.baseDir),
      selection: request.selection,
      now: world.now,
    });
  } catch (err) {
    if (err instanceof PinError) return { ok: false, stage: 'selection', message: err.message, error: err };
    throw err;
  }
  if (!request.probe) return { ok: true, lock };
  if (!isHttpLocation(request.location) || !world.http)
    return { ok: true, lock, probesSkipped: 'the card is a file, there is no live agent to probe' };
  let probes: readonly ProbeResult[];
  const grpc = createGrpcClient();
  try {
    probes = (await probeAgent(request.location, { http: world.http, grpc })).results;
  } catch (err) {
    return { ok: false, stage: 'probe', message: `probing failed: ${messageOf(err)}` };
  } finally {
    grpc.close();
  }
  const verified = evidenceFor(lock.requires, probes);
  return { ok: true, lock: Object.keys(verified).length ? { ...lock, verified } : lock, probes };
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
