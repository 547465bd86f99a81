/**
 * The extended agent card (A2A §3.1.11, §9): requested only when the public card says
 * capabilities.extendedAgentCard, over the chosen interface's binding (JSONRPC, HTTP+JSON, or GRPC with a gRPC
 * client), with A2A-Version and a bearer credential for a scheme the public card declares. The extended card REPLACES the public one for that
 * caller; compiled profiles are cached per credential identity (a keyed hash), never per agent alone, so two
 * identities never see each other's skills.
 */
import { lintDocument, resolveCardSettings } from '../lint';
import { servedInside } from './fetchCard';
import { compileProfile } from '../profile/compile';
import type { ClientConfig, CompiledProfile, Evidence, Finding } from '../types';
import type { AddressClass } from '../net/address';
import type { HttpClient } from '../net/http';
import type { GrpcClient } from '../net/grpc';
import { callA2a } from '../a2a/call';
import { describeA2aError } from '../a2a/errors';
import { BearerCredential, credentialFor, credentialIdentity } from './credentials';

export type ExtendedStatus =
  /** The agent returned an extended card; it is valid and compiled. */
  | 'extended'
  /** The public card does not set capabilities.extendedAgentCard: nothing was requested. */
  | 'not-declared'
  /** ExtendedAgentCardNotConfigured: the public card stands (not an outage). */
  | 'not-configured'
  /** UnsupportedOperation although the flag is set: the flag is wrong (recorded as evidence). */
  | 'flag-wrong'
  | 'auth-failed'
  /** No credential, or none the card declares a scheme for. */
  | 'no-credential'
  /** The answer is not a valid card; it never yields a profile. */
  | 'invalid'
  | 'error';

export interface ExtendedCardResult {
  status: ExtendedStatus;
  /** The card in force for this caller: the extended card, or the public one when there is none. */
  card: unknown;
  profile?: CompiledProfile;
  findings: Finding[];
  message: string;
  evidence: Evidence[];
  /** Keyed hash of the credential used (never the credential). */
  identity?: string;
  fromCache?: boolean;
}

/** Compiled extended profiles keyed by (public card URL, credential identity). */
export interface ExtendedProfileCache {
  get(cardUrl: string, identity: string): ExtendedCardResult | undefined;
  set(cardUrl: string, identity: string, result: ExtendedCardResult): void;
}

export function memoryExtendedProfileCache(): ExtendedProfileCache {
  const entries = new Map<string, ExtendedCardResult>();
  const key = (url: string, identity: string): string => `${identity}\u0000${url}`;
  return {
    get: (url, identity) => entries.get(key(url, identity)),
    set: (url, identity, result) => {
      entries.set(key(url, identity), result);
    },
  };
}

export interface ExtendedCardOptions {
  http: HttpClient;
  /** For a GRPC interface (chosen when the client's bindings include GRPC); without it only JSONRPC and HTTP+JSON. */
  grpc?: GrpcClient;
  /** URL the public card was fetched from (cache key). */
  cardUrl: string;
  publicCard: unknown;
  publicProfile: CompiledProfile;
  credential?: BearerCredential;
  /** Per-installation secret for credential identities (required for caching). */
  secret?: string | Uint8Array;
  cache?: ExtendedProfileCache;
  originClass?: AddressClass;
  client?: ClientConfig;
  timeoutMs?: number;
  now?: () => number;
  signal?: AbortSignal;
}

export async function fetchExtendedCard(opts: ExtendedCardOptions): Promise<ExtendedCardResult> {
  const at = new Date((opts.now ?? Date.now)()).toISOString();
  const base = {
    card: opts.publicCard,
    profile: opts.publicProfile,
    findings: [] as Finding[],
    evidence: [] as Evidence[],
  };
  const flag =
    (opts.publicCard as { capabilities?: { extendedAgentCard?: unknown } })?.capabilities?.extendedAgentCard === true;
  if (!flag)
    return {
      ...base,
      status: 'not-declared',
      message: 'The public card does not declare capabilities.extendedAgentCard; no extended card was requested.',
    };
  const iface = opts.publicProfile.interface;
  if (!opts.publicProfile.usable || !iface)
    return {
      ...base,
      status: 'error',
      message: `No usable interface to request the extended card over: ${opts.publicProfile.reason ?? 'unknown reason'}`,
    };
  const decision = credentialFor(opts.publicCard, opts.credential);
  if (!decision.send)
    return { ...base, status: 'no-credential', message: `Extended card not requested: ${decision.reason}.` };
  const identity = opts.secret !== undefined ? credentialIdentity(opts.secret, opts.credential!.token) : undefined;
  if (identity && opts.cache) {
    const hit = opts.cache.get(opts.cardUrl, identity);
    if (hit) return { ...hit, fromCache: true };
  }
  const res = await callA2a(
    iface,
    'GetExtendedAgentCard',
    {},
    {
      http: opts.http,
      grpc: opts.grpc,
      credentialHeaders: decision.headers,
      originClass: opts.originClass,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
    },
  );
  let result: ExtendedCardResult;
  if (!res.ok) {
    const said = describeA2aError(res.error);
    switch (res.error.type) {
      case 'ExtendedAgentCardNotConfigured':
        result = {
          ...base,
          status: 'not-configured',
          message: `The agent has no extended card configured (${said}); the public card stands.`,
        };
        break;
      case 'UnsupportedOperation':
        result = {
          ...base,
          status: 'flag-wrong',
          message: `The card claims an extended card, but the agent answers ${said}.`,
          evidence: [
            {
              probe: 'extended-card',
              result: 'refuted',
              at,
              detail: `capabilities.extendedAgentCard is true but GetExtendedAgentCard answers ${said}`,
            },
          ],
        };
        break;
      case 'Unauthenticated':
      case 'PermissionDenied':
        result = {
          ...base,
          status: 'auth-failed',
          message: `The agent refused the credential for scheme '${decision.scheme}' (${said}). Check or replace the credential.`,
        };
        break;
      default:
        result = { ...base, status: 'error', message: `GetExtendedAgentCard failed: ${said}` };
    }
    return result; // failures are not cached: the next call asks again
  }
  const text = JSON.stringify(res.result);
  const inside = servedInside(opts.cardUrl) ? { card: { ...resolveCardSettings(), internalOnly: true } } : {};
  const lint = lintDocument(text, {
    kind: 'card',
    settings: { ...(opts.client ? { client: opts.client } : {}), ...inside },
  });
  const errors = lint.findings.filter((f) => f.severity === 'error');
  if (lint.value === undefined || lint.tooLarge || errors.length > 0) {
    return {
      ...base,
      status: 'invalid',
      findings: lint.findings,
      message: `The extended card is not a valid A2A 1.0 card (${errors.length} error(s)); the public card stands.`,
    };
  }
  // A whole replacement for this caller: compiled from the extended card alone, never merged.
  result = {
    status: 'extended',
    card: lint.value,
    profile: compileProfile(lint.value, opts.client),
    findings: lint.findings,
    message: `Extended card for scheme '${decision.scheme}'.`,
    evidence: [
      { probe: 'extended-card', result: 'verified', at, detail: 'GetExtendedAgentCard returned a valid card' },
    ],
    ...(identity ? { identity } : {}),
  };
  if (identity && opts.cache) opts.cache.set(opts.cardUrl, identity, result);
  return result;
}
