/**
 * Probe a live agent: fetch and validate its card, pick the interface the profile chose (or the first
 * HTTP binding we can speak when the profile is unusable, so a lying card can still be examined), then run
 * the probes through a per-agent rate limiter, each call with a timeout: the claims of the card first, then
 * its endpoints (card caching, interface transport security). Never on a request path.
 */
import { DEFAULT_CLIENT, type ClientConfig } from '../types';
import type { HttpClient } from '../net/http';
import type { NetworkAllowance, UrlOrigin } from '../net/policy';
import type { A2aCallOptions, A2aInterface } from '../a2a/types';
import { SUPPORTED_BINDINGS, SUPPORTED_BINDINGS_WITH_GRPC, callA2a } from '../a2a/call';
import { describeA2aError } from '../a2a/errors';
import type { GrpcClient } from '../net/grpc';
import { fetchCard, FetchCardResult } from '../fetch/fetchCard';
import { BearerCredential, credentialFor } from '../fetch/credentials';
import { createRateLimiter, RateLimiter } from './rateLimit';
import { extendedCardProbe, messageProbes, Probe, ProbeEnv, pushProbe, streamingProbe } from './probes';
import { versionProbe } from './versionProbe';
import { cardEndpointProbe } from './cardEndpointProbe';
import { transportProbe } from './transportProbe';
import type { ProbeResult, SafeProbeRequest } from './types';

export interface ProbeAgentOptions {
  http: HttpClient;
  /** Probes GRPC interfaces too (server/src/node/net/grpc.ts); without it only JSONRPC and HTTP+JSON interfaces are probed. */
  grpc?: GrpcClient;
  limiter?: RateLimiter;
  credential?: BearerCredential;
  safeRequest?: SafeProbeRequest;
  /** Per call. Default 5 s. */
  timeoutMs?: number;
  now?: () => number;
  client?: ClientConfig;
  /** Whose URL `target` is, for the address policy: 'repository' for a lockfile's agent (default 'user'). */
  origin?: UrlOrigin;
  /** For 'repository' targets: the address classes beyond public the run allows. */
  allow?: NetworkAllowance;
  /** A card fetched already (skips the fetch). */
  fetched?: FetchCardResult;
  signal?: AbortSignal;
}

export interface ProbeReport {
  agent: string;
  cardUrl: string;
  interface?: A2aInterface;
  results: ProbeResult[];
}

export function probeInterface(fetched: FetchCardResult, withGrpc = false): A2aInterface | undefined {
  const bindings: readonly string[] = withGrpc ? SUPPORTED_BINDINGS_WITH_GRPC : SUPPORTED_BINDINGS;
  const p = fetched.profile;
  if (p?.usable && p.interface && bindings.includes(p.interface.binding)) return p.interface;
  const list = (fetched.card as { supportedInterfaces?: unknown })?.supportedInterfaces;
  if (!Array.isArray(list)) return undefined;
  for (const i of list as Record<string, unknown>[]) {
    if (bindings.includes(String(i?.protocolBinding)) && typeof i?.url === 'string') {
      return {
        url: i.url,
        binding: String(i.protocolBinding),
        version: String(i.protocolVersion ?? '1.0'),
        tenant: typeof i.tenant === 'string' ? i.tenant : null,
      };
    }
  }
  return undefined;
}

export async function probeAgent(target: string, opts: ProbeAgentOptions): Promise<ProbeReport> {
  const now = opts.now ?? Date.now;
  const client = opts.grpc ? withGrpc(opts.client ?? DEFAULT_CLIENT) : opts.client;
  const fetched =
    opts.fetched ??
    (await fetchCard(target, {
      http: opts.http,
      now,
      client,
      ...(client ? { settings: { client } } : {}),
      revalidate: true,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
      origin: opts.origin,
      allow: opts.allow,
    }));
  const at = (): string => new Date(now()).toISOString();
  const report: ProbeReport = { agent: target, cardUrl: fetched.url, results: [] };
  if (fetched.card === undefined || !fetched.valid) {
    const first = fetched.findings.find((f) => f.severity === 'error');
    report.results.push({
      probe: 'card',
      claim: 'the agent serves a valid A2A 1.0 card',
      outcome: 'refuted',
      detail: first ? `${first.pointer || '/'}: ${first.message}` : 'the card is not valid',
      at: at(),
    });
    return report;
  }
  const iface = probeInterface(fetched, opts.grpc !== undefined);
  if (!iface) {
    report.results.push({
      probe: 'card',
      claim: 'the card lists an interface we can probe',
      outcome: 'skipped',
      detail: `no ${opts.grpc ? 'JSONRPC, HTTP+JSON or GRPC' : 'JSONRPC or HTTP+JSON'} interface`,
      at: at(),
    });
    return report;
  }
  report.interface = iface;
  const limiter = opts.limiter ?? createRateLimiter();
  const card = fetched.card as Record<string, unknown>;
  const target_ = opts.safeRequest?.tenant !== undefined ? { ...iface, tenant: opts.safeRequest.tenant } : iface;
  const env: ProbeEnv = {
    iface: target_,
    card,
    now,
    call: async (op, params, extra: Partial<A2aCallOptions> = {}) => {
      const r = await limiter.run(
        () =>
          callA2a(target_, op, params, {
            http: opts.http,
            grpc: opts.grpc,
            originClass: fetched.originClass,
            timeoutMs: opts.timeoutMs ?? 5_000,
            signal: opts.signal,
            ...extra,
          }),
        (res) => (!res.ok && res.error.type === 'RateLimited' ? (res.error.retryAfterSeconds ?? 1) * 1000 : undefined),
      );
      // Still rate limited after the waits the limiter allows: no verdict about the claim, the probe is an error.
      if (!r.ok && r.error.type === 'RateLimited')
        throw new Error(
          `the agent is rate limiting (${describeA2aError(r.error)})${r.error.retryAfterSeconds !== undefined ? `; it asks to retry after ${r.error.retryAfterSeconds} s` : ''}: probe again later`,
        );
      return r;
    },
  };
  const decision = credentialFor(card, opts.credential);
  const probes: Probe[] = [
    versionProbe,
    streamingProbe,
    pushProbe,
    extendedCardProbe(decision.send ? decision.headers : undefined),
    messageProbes(opts.safeRequest),
  ];
  for (const probe of probes) report.results.push(...(await probe(env)));
  // The endpoints themselves: how the card refreshes and how the interfaces are protected (plain GETs, paced like the calls).
  const run = <T>(fn: () => Promise<T>): Promise<T> => limiter.run(fn);
  report.results.push(
    ...(await cardEndpointProbe({
      http: opts.http,
      cardUrl: fetched.url,
      now,
      run,
      origin: opts.origin,
      allow: opts.allow,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
    })),
  );
  report.results.push(
    ...(await transportProbe({
      http: opts.http,
      cardUrl: fetched.url,
      card,
      now,
      run,
      originClass: fetched.originClass,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
    })),
  );
  return report;
}

/** The client a probe examines the card for: the caller's, able to speak gRPC too when the probe can (a gRPC-only card is probeable). */
function withGrpc(client: ClientConfig): ClientConfig {
  if (client.bindings.some((b) => b.binding === 'GRPC' && b.version === '1.0')) return client;
  return { ...client, bindings: [...client.bindings, { binding: 'GRPC', version: '1.0' }] };
}
