/**
 * Where a request may connect: the host of a URL resolved with the injected resolver, every address judged
 * by the address policy, and the first allowed address returned, so the caller connects to exactly the
 * address that was checked (no DNS rebinding between check and connect). Shared by the HTTP client (http.ts)
 * and the gRPC client (grpc.ts): whatever the binding, an agent is reached only at an address the policy allows.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AddressClass } from '../../core/net/address';
import { NetError, displayUrl } from '../../core/net/errors';
import type { ResolvedAddress, Resolver } from '../../core/net/http';
import { PolicyContext, PolicyDecision, checkAddress } from '../../core/net/policy';

export const systemResolver: Resolver = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** What a client judges addresses with: its resolver, its allowlist, and the decisions it already took. */
export interface TargetWorld {
  resolver: Resolver;
  allowHosts: readonly string[];
  /** Address-policy decisions already taken by this client (see `decide`). */
  decisions: Map<string, PolicyDecision>;
}

export interface CheckedTarget {
  address: string;
  addressClass: AddressClass;
}

export function targetWorld(resolver: Resolver | undefined, allowHosts: readonly string[] | undefined): TargetWorld {
  return { resolver: resolver ?? systemResolver, allowHosts: allowHosts ?? [], decisions: new Map() };
}

/** Bound on remembered decisions (a long-lived language server meets many hosts). */
const MAX_DECISIONS = 4096;

/** The host name of a URL without IPv6 brackets. */
export function hostnameOf(url: URL): string {
  return url.hostname.charCodeAt(0) === 0x5b /* [ */ ? url.hostname.slice(1, -1) : url.hostname;
}

/** The checked address to connect to for `url` (`ctx` carries the client's allowlist); IP literals (every loopback agent) are judged without an await. */
export function checkedTarget(
  url: URL,
  ctx: PolicyContext,
  world: TargetWorld,
): CheckedTarget | Promise<CheckedTarget> {
  return literalTarget(url, ctx, world) ?? resolveChecked(url, ctx, world);
}

/** The checked target of a URL whose host is an IP literal (undefined for names: they go to the resolver). */
function literalTarget(url: URL, ctx: PolicyContext, world: TargetWorld): CheckedTarget | undefined {
  const hostname = hostnameOf(url);
  if (!isIP(hostname)) return undefined;
  const decision = decide(world, hostname, hostname, ctx);
  if (decision.allowed) return { address: hostname, addressClass: decision.addressClass };
  throw new NetError(
    'policy',
    displayUrl(url),
    `${displayUrl(url)}: refused by the address policy: ${decision.reason}`,
    { address: hostname },
  );
}

async function resolveChecked(url: URL, ctx: PolicyContext, world: TargetWorld): Promise<CheckedTarget> {
  const hostname = hostnameOf(url);
  let addresses: ResolvedAddress[];
  const family = isIP(hostname);
  if (family) addresses = [{ address: hostname, family }];
  else {
    try {
      addresses = await world.resolver(hostname);
    } catch (err) {
      throw new NetError(
        'dns',
        displayUrl(url),
        `${displayUrl(url)}: cannot resolve ${hostname} (${(err as { code?: string }).code ?? (err as Error).message})`,
      );
    }
    if (addresses.length === 0)
      throw new NetError('dns', displayUrl(url), `${displayUrl(url)}: ${hostname} has no addresses`);
  }
  let firstRefusal: string | undefined;
  for (const a of addresses) {
    const decision = decide(world, hostname, a.address, ctx);
    if (decision.allowed) return { address: a.address, addressClass: decision.addressClass };
    firstRefusal ??= decision.reason;
  }
  throw new NetError(
    'policy',
    displayUrl(url),
    `${displayUrl(url)}: refused by the address policy: ${firstRefusal}`,
    addresses[0] ? { address: addresses[0].address } : {},
  );
}

/**
 * The policy decision for one (host, resolved address, kind of URL, origin class), remembered for the
 * client's lifetime: the decision is a pure function of exactly these (and of the client's allowlist), so a
 * re-resolution to another address (rebinding) is a new key and is judged afresh. Only the decision is
 * cached, never the DNS answer: every hop is still resolved and connects to the address just judged.
 */
function decide(world: TargetWorld, host: string, address: string, ctx: PolicyContext): PolicyDecision {
  const key = `${ctx.origin} ${ctx.originClass ?? ''} ${[...(ctx.allow ?? [])].join(',')} ${host} ${address}`;
  let decision = world.decisions.get(key);
  if (!decision) {
    decision = checkAddress(host, address, ctx);
    if (world.decisions.size >= MAX_DECISIONS) world.decisions.clear();
    world.decisions.set(key, decision);
  }
  return decision;
}
