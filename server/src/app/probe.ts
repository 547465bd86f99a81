/**
 * The probe workflow: an agent's card claims checked with small deliberate calls (core/probe), calls spaced by a
 * rate limiter; and what a probe target is (a URL, or a lockfile whose agent is a live URL). `a2acap probe`, the
 * library's probeAgent and the editor's "Probe Agent" go through here.
 */
import type { BearerCredential } from '../core/fetch/credentials';
import { isHttpLocation } from '../core/check/cardSources';
import type { FetchCardResult } from '../core/fetch/fetchCard';
import { clientForLock } from '../core/lockfile/currentProfile';
import { loadLockfile } from '../core/lockfile/load';
import type { NetworkAllowance, UrlOrigin } from '../core/net/policy';
import type { GrpcClient } from '../core/net/grpc';
import type { HttpClient } from '../core/net/http';
import { probeAgent, type ProbeReport } from '../core/probe/probeAgent';
import { createRateLimiter } from '../core/probe/rateLimit';
import { junitReport, type JunitProbeReport } from '../core/probe/junit';
import { withRequirements } from '../core/probe/requirements';
import type { SafeProbeRequest } from '../core/probe/types';
import type { ClientConfig, Lockfile } from '../core/types';
import type { Files } from './files';
import { fetchCard } from './fetch';
import { typedCatalogReference } from './reference';

export type { ProbeReport, SafeProbeRequest };

export interface ProbeRequest {
  agent: string;
  http: HttpClient;
  grpc?: GrpcClient;
  client?: ClientConfig;
  /** A lockfile's agent is probed with the lockfile's extensions known (as check and pin do). */
  lock?: Lockfile;
  credential?: BearerCredential;
  safeRequest?: SafeProbeRequest;
  /** Spacing of calls to the agent (default: the rate limiter's). */
  minIntervalMs?: number;
  timeoutMs?: number;
  /** 'repository' for a lockfile's agent (public addresses unless `allow`), 'user' for a URL the user typed. */
  origin?: UrlOrigin;
  allow?: NetworkAllowance;
  /** A card fetched already (skips the fetch). */
  fetched?: FetchCardResult;
  signal?: AbortSignal;
}

/** A probe report as JUnit XML, one test case per probe with its TCK requirement ids (`a2acap probe --format junit`). */
export function probeJunit(report: JunitProbeReport): string {
  return junitReport(report);
}

/** Each probe result carries the ids of the A2A test kit's requirements it tests (`requirements`), where one matches. */
export async function probe(request: ProbeRequest): Promise<ProbeReport> {
  const report = await probeOnly(request);
  return { ...report, results: withRequirements(report.results) };
}

async function probeOnly(request: ProbeRequest): Promise<ProbeReport> {
  const client = request.lock ? clientForLock(request.client, request.lock) : request.client;
  // A catalog reference: the card the entry names, fetched as fetch does; the probes then call that agent.
  const fetched =
    request.fetched ??
    (typedCatalogReference(request.agent)
      ? await fetchCard({
          target: request.agent,
          http: request.http,
          client,
          timeoutMs: request.timeoutMs,
          origin: request.origin ?? 'user',
          ...(request.allow ? { allow: request.allow } : {}),
          ...(request.signal ? { signal: request.signal } : {}),
        })
      : undefined);
  return probeAgent(fetched?.url ?? request.agent, {
    http: request.http,
    grpc: request.grpc,
    client,
    credential: request.credential,
    safeRequest: request.safeRequest,
    limiter: createRateLimiter({ minIntervalMs: request.minIntervalMs }),
    timeoutMs: request.timeoutMs,
    ...(request.origin ? { origin: request.origin } : {}),
    ...(request.allow ? { allow: request.allow } : {}),
    ...(fetched ? { fetched } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
}

export type ProbeTarget = { ok: true; agent: string; lock?: Lockfile } | { ok: false; message: string };

/** A lockfile larger than this is not a lockfile a probe reads. */
const MAX_LOCKFILE_BYTES = 1024 * 1024;

/**
 * URL → itself; a lockfile path → its `agent` (which must be an http(s) URL to be probed) and the lockfile. `arg` is
 * what the user wrote (messages name it), `path` where it resolves.
 */
export async function probeTargetOf(arg: string, path: string, files: Files): Promise<ProbeTarget> {
  if (isHttpLocation(arg)) return { ok: true, agent: arg };
  const info = await files.stat(path).catch(() => undefined);
  if (!info?.isFile()) return { ok: false, message: `${arg}: neither an http(s) URL nor a lockfile` };
  if (info.size > MAX_LOCKFILE_BYTES) return { ok: false, message: `${arg}: the lockfile is over 1 MiB` };
  const loaded = await loadLockfile(path, files.readText);
  if (!loaded.ok) return { ok: false, message: `${arg}: ${loaded.message}` };
  const agent = loaded.lockfile.agent;
  if (!isHttpLocation(agent))
    return { ok: false, message: `${arg}: the lockfile pins ${JSON.stringify(agent)}, not a live http(s) agent` };
  return { ok: true, agent, lock: loaded.lockfile };
}
