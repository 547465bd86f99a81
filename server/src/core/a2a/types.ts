/**
 * The shapes of one A2A call, whatever the binding: shared by the HTTP bindings (call.ts) and gRPC (grpcCall.ts).
 */
import type { CallOptions } from '../net/callOptions';
import type { HttpClient } from '../net/http';
import type { GrpcClient } from '../net/grpc';
import type { A2aError } from './errors';

export type A2aOperation =
  | 'GetTask'
  | 'SubscribeToTask'
  | 'ListTaskPushNotificationConfigs'
  | 'GetExtendedAgentCard'
  | 'SendMessage'
  | 'SendStreamingMessage';

export interface A2aInterface {
  url: string;
  binding: string;
  version: string;
  tenant: string | null;
}

/** Credentials only when the card declares a scheme for them; with `fullStream` the result's `events` lists every event. */
export interface A2aCallOptions extends CallOptions {
  http: HttpClient;
  /** For GRPC interfaces (probes, the extended card); without it a GRPC interface cannot be called. */
  grpc?: GrpcClient;
  /** Defaults to the interface version; the version probe sends a bogus one on purpose, and `null` (no header at all) to see what the agent assumes. */
  a2aVersion?: string | null;
  extensions?: readonly string[];
}

export type A2aCallResult =
  | {
      ok: true;
      result: unknown;
      status: number;
      streamed: boolean;
      headers: Record<string, string>;
      events?: unknown[];
    }
  | { ok: false; error: A2aError; status: number; headers: Record<string, string> };
