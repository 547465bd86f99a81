/**
 * The address policy (SSRF guard). Decided on the RESOLVED address of every hop, and the connection then
 * goes to exactly that address (see http.ts), so a DNS answer cannot change between check and connect.
 *
 * - 'user' URLs (typed or configured by the user): loopback, private and public are allowed.
 * - 'repository' URLs (taken from repository content: a lockfile's `agent`, `.a2a/config.json`; or from a model's
 *   tool call): public only, plus the classes the RUN allows (`NetworkAllowance`: a CLI flag or an environment
 *   variable the pipeline sets, a trusted workspace in the editor). A repository file never grants it.
 * - 'card' URLs (interface URLs, jku, the extended card) and 'redirect' targets: public always; loopback only
 *   when the origin (the card's own address, or the first hop) is loopback; private only when it is private.
 * - Never, for anyone: link-local (169.254/16, fe80::/10), cloud metadata, unspecified, multicast, reserved.
 * - Hosts on the allowlist (a user setting) may additionally reach loopback/private from any origin,
 *   but never link-local or metadata addresses.
 */
import { AddressClass, classifyAddress } from './address';

export type UrlOrigin = 'user' | 'repository' | 'card' | 'redirect';

/** Address classes beyond public that URLs from repository content may reach, as granted by the run. */
export type AllowedClass = 'loopback' | 'private';
export type NetworkAllowance = ReadonlySet<AllowedClass>;
export const NO_ALLOWANCE: NetworkAllowance = new Set();

export interface PolicyContext {
  origin: UrlOrigin;
  /** Class of the address the card (or the first hop) came from; required for 'card' and 'redirect'. */
  originClass?: AddressClass;
  /** Host names the user allows beyond the default rules (lower-case, exact match). */
  allowHosts?: readonly string[];
  /** For 'repository' URLs: the classes beyond public this run allows (none when absent). */
  allow?: NetworkAllowance;
}

export type PolicyDecision =
  { allowed: true; addressClass: AddressClass } | { allowed: false; addressClass: AddressClass; reason: string };

const NEVER: ReadonlySet<AddressClass> = new Set(['link-local', 'metadata', 'unspecified', 'multicast', 'reserved']);

export function checkAddress(host: string, address: string, ctx: PolicyContext): PolicyDecision {
  const addressClass = classifyAddress(address);
  const refuse = (reason: string): PolicyDecision => ({ allowed: false, addressClass, reason });
  if (NEVER.has(addressClass)) return refuse(`${addressClass} address ${address} is never allowed`);
  if (addressClass === 'public') return { allowed: true, addressClass };
  if (ctx.origin === 'user') return { allowed: true, addressClass };
  if (ctx.origin === 'repository') {
    if ((addressClass === 'loopback' || addressClass === 'private') && ctx.allow?.has(addressClass))
      return { allowed: true, addressClass };
    return refuse(
      `${addressClass} address ${address} is not reachable from a URL in repository content unless the run allows it (--allow-network ${addressClass === 'loopback' || addressClass === 'private' ? addressClass : '…'} or A2ACAP_ALLOW_NETWORK)`,
    );
  }
  if (ctx.allowHosts?.some((h) => h.toLowerCase() === host.toLowerCase())) return { allowed: true, addressClass };
  if (ctx.originClass === addressClass) return { allowed: true, addressClass };
  const from = ctx.originClass ?? 'unknown';
  return refuse(`${addressClass} address ${address} is not reachable from a ${ctx.origin} URL whose origin is ${from}`);
}
