/**
 * What the product asks of a gRPC client: a call of one method, its answer, and the A2A service with its
 * message codecs. The core takes a `GrpcClient` injected; the guarded implementation (address policy, byte
 * caps, deadlines) and the generated A2A code it loads on first use are the Node layer's
 * (server/src/node/net/grpc.ts).
 */
import type { CallOptions } from './callOptions';

/** One method of a gRPC service, as generated service definitions describe it (grpc-js MethodDefinition). */
export interface GrpcMethod {
  path: string;
  responseStream: boolean;
  requestSerialize(value: never): Uint8Array;
  responseDeserialize(bytes: Uint8Array): unknown;
}

/** Credentials go as metadata; defaults: 10 s, 1 MiB per message; a full stream is read up to MAX_STREAM_MESSAGES. */
export interface GrpcCallOptions extends CallOptions {
  /** Request metadata (lower-case keys): A2A-Version, A2A-Extensions. */
  metadata: Record<string, string>;
}

export type GrpcAnswer =
  | { ok: true; messages: unknown[]; streamed: boolean }
  /** `statusDetails`: the raw google.rpc.Status trailer, when the agent sent one. */
  | { ok: false; code: number; message: string; statusDetails?: Uint8Array; undecodable?: boolean };

/** An answer message's codec: its toJSON gives the ProtoJSON the HTTP bindings carry. */
interface GrpcMessageType {
  toJSON(message: never): unknown;
}

/** The A2A service definition and the codecs of its answers (the SDK's generated code). */
export interface A2aGrpcRuntime {
  a2aService: Record<
    | 'getTask'
    | 'subscribeToTask'
    | 'listTaskPushNotificationConfigs'
    | 'getExtendedAgentCard'
    | 'sendMessage'
    | 'sendStreamingMessage',
    GrpcMethod
  >;
  Task: GrpcMessageType;
  StreamResponse: GrpcMessageType;
  ListTaskPushNotificationConfigsResponse: GrpcMessageType;
  AgentCard: GrpcMessageType;
  SendMessageResponse: GrpcMessageType;
  decodeStatus(bytes: Uint8Array): { details: { typeUrl: string; value: Uint8Array }[] };
  decodeErrorInfo(bytes: Uint8Array): { reason: string };
}

export interface GrpcClient {
  call(url: string, method: GrpcMethod, request: unknown, opts: GrpcCallOptions): Promise<GrpcAnswer>;
  /** The A2A service and codecs, loaded on the first gRPC call: most runs never meet a gRPC interface. */
  a2a(): A2aGrpcRuntime;
  close(): void;
}
