/**
 * The small profile-driven client for workflows: send a message to a skill using what the compiled profile
 * says, and treat runtime errors as evidence.
 * - URL, binding (JSONRPC, HTTP+JSON, or GRPC with a gRPC client), A2A-Version and tenant (verbatim) from the
 *   profile's chosen interface;
 * - A2A-Extensions: the extensions both sides know (profile.extensions);
 * - streaming only when the profile allows it; UnsupportedOperation on a streaming call → fall back to
 *   SendMessage and mark the profile stale; ContentTypeNotSupported / VersionNotSupported → mark stale;
 * - media types checked against the skill's effective input modes BEFORE sending.
 */
import { randomId } from '../bytes/hash';
import type { CompiledProfile } from '../types';
import type { AddressClass } from '../net/address';
import type { HttpClient } from '../net/http';
import type { GrpcClient } from '../net/grpc';
import { callA2a } from '../a2a/call';
import type { A2aCallResult } from '../a2a/types';
import { describeA2aError } from '../a2a/errors';
import type { StaleMarkers } from './staleMarkers';

export interface OutgoingPart {
  text?: string;
  data?: unknown;
  url?: string;
  mediaType?: string;
}

export interface SendOptions {
  http: HttpClient;
  /** For a profile whose interface is GRPC (a client whose bindings list GRPC@1.0). */
  grpc?: GrpcClient;
  /** Key for stale markers: the agent's card URL (as pinned). */
  agent: string;
  stale: StaleMarkers;
  /** Ask for a stream; honoured only when the profile says streaming works. */
  stream?: boolean;
  credentialHeaders?: Record<string, string>;
  originClass?: AddressClass;
  timeoutMs?: number;
  now?: () => number;
  signal?: AbortSignal;
}

export interface SendResult {
  ok: boolean;
  /** The agent's result (SendMessage) or the list of stream events (SendStreamingMessage). */
  result?: unknown;
  events?: unknown[];
  error?: string;
  errorType?: string;
  streamed: boolean;
  /** True when a streaming call was refused and SendMessage was used instead. */
  fellBack: boolean;
  /** True when this call marked the profile stale. */
  markedStale: boolean;
}

export class ProfileUseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileUseError';
  }
}

const STALE_ON = new Set(['ContentTypeNotSupported', 'VersionNotSupported', 'ExtensionSupportRequired']);

export async function sendToSkill(
  profile: CompiledProfile,
  skillId: string,
  parts: OutgoingPart[],
  opts: SendOptions,
): Promise<SendResult> {
  if (!profile.usable || !profile.interface)
    throw new ProfileUseError(`the profile is not usable: ${profile.reason ?? 'no interface'}`);
  const skill = profile.skills?.[skillId];
  if (!skill) throw new ProfileUseError(`the profile has no skill ${JSON.stringify(skillId)}`);
  for (const p of parts) {
    const type =
      p.mediaType ?? (p.text !== undefined ? 'text/plain' : p.data !== undefined ? 'application/json' : undefined);
    if (type && skill.input.length > 0 && !skill.input.includes(type) && !skill.input.includes('*/*')) {
      throw new ProfileUseError(
        `skill ${JSON.stringify(skillId)} does not accept ${type} (accepts ${skill.input.join(', ')})`,
      );
    }
  }
  const iface = profile.interface;
  const now = opts.now ?? Date.now;
  const params = {
    message: { messageId: randomId(), role: 'ROLE_USER', parts, metadata: { skill: skillId } },
  };
  const call = (op: 'SendMessage' | 'SendStreamingMessage'): Promise<A2aCallResult> =>
    callA2a(iface, op, params, {
      http: opts.http,
      grpc: opts.grpc,
      extensions: profile.extensions ?? [],
      credentialHeaders: opts.credentialHeaders,
      originClass: opts.originClass,
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      fullStream: true,
    });
  let fellBack = false;
  let markedStale = false;
  const markStale = (reason: string): void => {
    opts.stale.mark(opts.agent, reason, new Date(now()).toISOString());
    markedStale = true;
  };
  let res: A2aCallResult;
  if (opts.stream && profile.streaming === true) {
    res = await call('SendStreamingMessage');
    if (!res.ok && res.error.type === 'UnsupportedOperation') {
      markStale(`streaming refused at runtime: ${describeA2aError(res.error)}`);
      fellBack = true;
      res = await call('SendMessage');
    }
  } else {
    res = await call('SendMessage');
  }
  if (res.ok)
    return {
      ok: true,
      result: res.result,
      ...(res.events ? { events: res.events } : {}),
      streamed: res.streamed,
      fellBack,
      markedStale,
    };
  if (STALE_ON.has(res.error.type)) markStale(describeA2aError(res.error));
  return {
    ok: false,
    error: describeA2aError(res.error),
    errorType: res.error.type,
    streamed: false,
    fellBack,
    markedStale,
  };
}
