/**
 * One A2A operation over a GRPC interface (A2A §10), through the guarded gRPC client (server/src/node/net/grpc.ts). The
 * messages are encoded with the service definition @a2a-js/sdk generates from the A2A proto; this file only
 * maps our JSON-shaped parameters (ProtoJSON names, as the HTTP bindings send them) to the request messages, the
 * answers back to the JSON the HTTP bindings carry (the SDK's toJSON), and a gRPC status to the A2A error it stands
 * for: the google.rpc.ErrorInfo `reason` in the status details decides (MUST in §10.6), else the status code.
 */
import type { A2aGrpcRuntime, GrpcAnswer, GrpcClient, GrpcMethod } from '../net/grpc';
import type { A2aCallOptions, A2aCallResult, A2aInterface, A2aOperation } from './types';
import { errorFromReason, sanitizeMessage, type A2aError, type A2aErrorType } from './errors';

/** The SDK's service definition, which the gRPC client loads on its first call. */
function methodOf(op: A2aOperation, runtime: A2aGrpcRuntime): GrpcMethod {
  const s = runtime.a2aService;
  switch (op) {
    case 'GetTask':
      return s.getTask;
    case 'SubscribeToTask':
      return s.subscribeToTask;
    case 'ListTaskPushNotificationConfigs':
      return s.listTaskPushNotificationConfigs;
    case 'GetExtendedAgentCard':
      return s.getExtendedAgentCard;
    case 'SendMessage':
      return s.sendMessage;
    case 'SendStreamingMessage':
      return s.sendStreamingMessage;
  }
}

export async function callGrpc(
  grpc: GrpcClient,
  iface: A2aInterface,
  op: A2aOperation,
  params: Record<string, unknown>,
  opts: A2aCallOptions,
  metadata: Record<string, string>,
): Promise<A2aCallResult> {
  const answer = await grpc.call(iface.url, methodOf(op, grpc.a2a()), grpcRequest(op, params, iface.tenant ?? ''), {
    metadata,
    credentialHeaders: opts.credentialHeaders,
    originClass: opts.originClass,
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    signal: opts.signal,
    fullStream: opts.fullStream,
  });
  return grpcResult(answer, answerJson(op, grpc.a2a()), grpc.a2a());
}

/**
 * How `op`'s answer messages become the JSON the HTTP bindings carry (ProtoJSON: `{"task": …}`, `"ROLE_AGENT"`,
 * parts as `{"text": …}`), so a result reads the same whatever the binding, and a card can be linted and compiled.
 */
function answerJson(op: A2aOperation, m: A2aGrpcRuntime): (message: unknown) => unknown {
  switch (op) {
    case 'GetTask':
      return (x) => m.Task.toJSON(x as never);
    case 'SubscribeToTask':
    case 'SendStreamingMessage':
      return (x) => m.StreamResponse.toJSON(x as never);
    case 'ListTaskPushNotificationConfigs':
      return (x) => m.ListTaskPushNotificationConfigsResponse.toJSON(x as never);
    case 'GetExtendedAgentCard':
      return (x) => m.AgentCard.toJSON(x as never);
    case 'SendMessage':
      return (x) => m.SendMessageResponse.toJSON(x as never);
  }
}

/** Our JSON-shaped parameters as the request message of `op` (only the members the product sends). */
export function grpcRequest(op: A2aOperation, params: Record<string, unknown>, tenant: string): unknown {
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  switch (op) {
    case 'GetTask':
    case 'SubscribeToTask':
      return { tenant, id: str(params.id) };
    case 'ListTaskPushNotificationConfigs':
      return { tenant, taskId: str(params.taskId ?? params.id), pageSize: 0, pageToken: '' };
    case 'GetExtendedAgentCard':
      return { tenant };
    case 'SendMessage':
    case 'SendStreamingMessage':
      return sendMessageRequest(params, tenant);
  }
}

function sendMessageRequest(params: Record<string, unknown>, tenant: string): unknown {
  const m = (params.message ?? {}) as Record<string, unknown>;
  const c = (params.configuration ?? {}) as Record<string, unknown>;
  const parts = Array.isArray(m.parts) ? (m.parts as Record<string, unknown>[]) : [];
  return {
    tenant,
    message: {
      messageId: String(m.messageId ?? ''),
      contextId: String(m.contextId ?? ''),
      taskId: String(m.taskId ?? ''),
      role: m.role === 'ROLE_AGENT' ? 2 : 1,
      parts: parts.map((p) => ({
        content: { $case: 'text', value: String(p.text ?? '') },
        mediaType: String(p.mediaType ?? ''),
        filename: '',
        metadata: undefined,
      })),
      metadata: m.metadata,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: {
      acceptedOutputModes: Array.isArray(c.acceptedOutputModes) ? c.acceptedOutputModes.map(String) : [],
      taskPushNotificationConfig: undefined,
      returnImmediately: c.returnImmediately === true,
    },
    metadata: undefined,
  };
}

function grpcResult(answer: GrpcAnswer, toJson: (message: unknown) => unknown, runtime: A2aGrpcRuntime): A2aCallResult {
  if (!answer.ok && answer.undecodable) {
    return {
      ok: false,
      status: 0,
      headers: {},
      error: {
        type: 'InvalidAgentResponse',
        message: `the answer is not a message of the A2A proto (${sanitizeMessage(answer.message)})`,
      },
    };
  }
  if (!answer.ok)
    return {
      ok: false,
      status: 0,
      headers: {},
      error: fromGrpcStatus(answer.code, answer.message, runtime, answer.statusDetails),
    };
  let results: unknown[];
  try {
    results = answer.messages.map((m) => toJson(m));
  } catch {
    // The messages decoded, yet the SDK cannot write them as JSON: an answer no HTTP binding could have carried.
    return {
      ok: false,
      status: 0,
      headers: {},
      error: { type: 'InvalidAgentResponse', message: 'the answer cannot be read as A2A JSON' },
    };
  }
  return {
    ok: true,
    result: results[0],
    status: 0,
    streamed: answer.streamed,
    headers: {},
    ...(answer.streamed ? { events: results } : {}),
  };
}

/** gRPC status codes (grpc/status.proto). */
const BY_STATUS: Record<number, A2aErrorType> = {
  5: 'TaskNotFound', // NOT_FOUND: the only A2A error on it (facts §8)
  7: 'PermissionDenied',
  8: 'RateLimited', // RESOURCE_EXHAUSTED
  12: 'MethodNotFound', // UNIMPLEMENTED
  13: 'Internal',
  16: 'Unauthenticated',
};

/** A gRPC status the agent sent → A2aError; ErrorInfo.reason decides among the FAILED_PRECONDITIONs. */
export function fromGrpcStatus(
  code: number,
  message: string,
  runtime: A2aGrpcRuntime,
  statusDetails?: Uint8Array,
): A2aError {
  const reason = reasonOf(statusDetails, runtime);
  const base = { message: sanitizeMessage(message), grpcStatus: code, ...(reason ? { reason } : {}) };
  const byReason = reason ? errorFromReason(reason) : undefined;
  return { type: byReason ?? BY_STATUS[code] ?? 'Unknown', ...base };
}

/** The ErrorInfo reason in a google.rpc.Status trailer; an undecodable trailer (untrusted bytes) has none. */
function reasonOf(statusDetails: Uint8Array | undefined, runtime: A2aGrpcRuntime): string | undefined {
  if (!statusDetails) return undefined;
  const { decodeErrorInfo, decodeStatus } = runtime;
  try {
    for (const d of decodeStatus(statusDetails).details) {
      if (d.typeUrl.endsWith('google.rpc.ErrorInfo')) return decodeErrorInfo(d.value).reason || undefined;
    }
  } catch {
    // not a google.rpc.Status: the status code alone decides
  }
  return undefined;
}
