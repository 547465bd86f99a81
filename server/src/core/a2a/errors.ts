/**
 * A2A errors from both HTTP bindings mapped to one typed vocabulary (facts §8):
 * JSON-RPC error codes -32001..-32009 (and the standard JSON-RPC codes), and HTTP+JSON status + the
 * google.rpc.ErrorInfo `reason` in `error.details`. Auth failures have no A2A code: HTTP 401/403.
 * Error messages from the agent are untrusted text: kept short and single-line.
 */
import { oneLineText } from '../text/untrustedText';

export type A2aErrorType =
  | 'TaskNotFound'
  | 'TaskNotCancelable'
  | 'PushNotificationNotSupported'
  | 'UnsupportedOperation'
  | 'ContentTypeNotSupported'
  | 'InvalidAgentResponse'
  | 'ExtendedAgentCardNotConfigured'
  | 'ExtensionSupportRequired'
  | 'VersionNotSupported'
  | 'Unauthenticated'
  | 'PermissionDenied'
  | 'RateLimited'
  | 'NotFound'
  | 'ParseError'
  | 'InvalidRequest'
  | 'MethodNotFound'
  | 'InvalidParams'
  | 'Internal'
  | 'Unknown';

export interface A2aError {
  type: A2aErrorType;
  /** The agent's own message, sanitized (one line, at most 200 characters). */
  message: string;
  jsonRpcCode?: number;
  httpStatus?: number;
  /** gRPC status code, for errors over a GRPC interface. */
  grpcStatus?: number;
  reason?: string;
  /** Seconds from Retry-After on a 429/503. */
  retryAfterSeconds?: number;
}

const BY_CODE: Record<number, A2aErrorType> = {
  [-32001]: 'TaskNotFound',
  [-32002]: 'TaskNotCancelable',
  [-32003]: 'PushNotificationNotSupported',
  [-32004]: 'UnsupportedOperation',
  [-32005]: 'ContentTypeNotSupported',
  [-32006]: 'InvalidAgentResponse',
  [-32007]: 'ExtendedAgentCardNotConfigured',
  [-32008]: 'ExtensionSupportRequired',
  [-32009]: 'VersionNotSupported',
  [-32700]: 'ParseError',
  [-32600]: 'InvalidRequest',
  [-32601]: 'MethodNotFound',
  [-32602]: 'InvalidParams',
  [-32603]: 'Internal',
};

/** ErrorInfo reasons: UPPER_SNAKE_CASE of the error name without "Error" (A2A §10.6/§11.6). */
const BY_REASON: Record<string, A2aErrorType> = {
  TASK_NOT_FOUND: 'TaskNotFound',
  TASK_NOT_CANCELABLE: 'TaskNotCancelable',
  PUSH_NOTIFICATION_NOT_SUPPORTED: 'PushNotificationNotSupported',
  UNSUPPORTED_OPERATION: 'UnsupportedOperation',
  CONTENT_TYPE_NOT_SUPPORTED: 'ContentTypeNotSupported',
  INVALID_AGENT_RESPONSE: 'InvalidAgentResponse',
  EXTENDED_AGENT_CARD_NOT_CONFIGURED: 'ExtendedAgentCardNotConfigured',
  EXTENSION_SUPPORT_REQUIRED: 'ExtensionSupportRequired',
  VERSION_NOT_SUPPORTED: 'VersionNotSupported',
};

/** The A2A error an ErrorInfo reason names, if any (every binding uses the same reasons). */
export function errorFromReason(reason: string): A2aErrorType | undefined {
  return Object.prototype.hasOwnProperty.call(BY_REASON, reason) ? BY_REASON[reason] : undefined;
}

/** The agent's message: control characters (newlines, ANSI escapes) could forge output lines, so one line, bounded. */
export function sanitizeMessage(value: unknown): string {
  return oneLineText(value);
}

function reasonOf(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const d of details) {
    if (
      d &&
      typeof d === 'object' &&
      String((d as Record<string, unknown>)['@type'] ?? '').endsWith('google.rpc.ErrorInfo')
    ) {
      const reason = (d as Record<string, unknown>).reason;
      if (typeof reason === 'string') return reason;
    }
  }
  return undefined;
}

/** A JSON-RPC `error` member → A2aError. The numeric code decides; ErrorInfo is optional there. */
export function fromJsonRpcError(error: unknown): A2aError {
  const e = (error && typeof error === 'object' ? error : {}) as Record<string, unknown>;
  const code = typeof e.code === 'number' ? e.code : undefined;
  const reason = reasonOf(e.data);
  const type =
    (code !== undefined ? BY_CODE[code] : undefined) ?? (reason ? BY_REASON[reason] : undefined) ?? 'Unknown';
  return {
    type,
    message: sanitizeMessage(e.message),
    ...(code !== undefined ? { jsonRpcCode: code } : {}),
    ...(reason ? { reason } : {}),
  };
}

/** An HTTP+JSON error answer (status + google.rpc.Status body) → A2aError. ErrorInfo.reason decides among the 400s. */
export function fromHttpError(status: number, body: unknown, retryAfter?: string): A2aError {
  const err = (body && typeof body === 'object' ? (body as Record<string, unknown>).error : undefined) as
    Record<string, unknown> | undefined;
  const reason = reasonOf(err?.details);
  const message = sanitizeMessage(err?.message);
  const base = { message, httpStatus: status, ...(reason ? { reason } : {}) };
  const byReason = reason ? BY_REASON[reason] : undefined;
  if (byReason) return { type: byReason, ...base };
  if (status === 401) return { type: 'Unauthenticated', ...base };
  if (status === 403) return { type: 'PermissionDenied', ...base };
  if (status === 429 || status === 503) {
    const seconds = retryAfterSeconds(retryAfter);
    return { type: 'RateLimited', ...base, ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}) };
  }
  // A 404 without ErrorInfo is a missing route (wrong URL or binding), not an A2A TaskNotFound.
  if (status === 404) return { type: 'NotFound', ...base };
  if (status >= 500) return { type: 'Internal', ...base };
  return { type: 'Unknown', ...base };
}

/** Retry-After: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** One line for users: what the agent said, by type. */
export function describeA2aError(e: A2aError): string {
  const where =
    e.jsonRpcCode !== undefined
      ? `JSON-RPC ${e.jsonRpcCode}`
      : e.httpStatus !== undefined
        ? `HTTP ${e.httpStatus}`
        : e.grpcStatus !== undefined
          ? `gRPC ${GRPC_NAMES[e.grpcStatus] ?? e.grpcStatus}`
          : 'error';
  return `${e.type} (${where}${e.reason ? `, ${e.reason}` : ''})${e.message ? `: ${e.message}` : ''}`;
}

const GRPC_NAMES: Record<number, string> = {
  1: 'CANCELLED',
  2: 'UNKNOWN',
  3: 'INVALID_ARGUMENT',
  4: 'DEADLINE_EXCEEDED',
  5: 'NOT_FOUND',
  6: 'ALREADY_EXISTS',
  7: 'PERMISSION_DENIED',
  8: 'RESOURCE_EXHAUSTED',
  9: 'FAILED_PRECONDITION',
  10: 'ABORTED',
  11: 'OUT_OF_RANGE',
  12: 'UNIMPLEMENTED',
  13: 'INTERNAL',
  14: 'UNAVAILABLE',
  15: 'DATA_LOSS',
  16: 'UNAUTHENTICATED',
};
