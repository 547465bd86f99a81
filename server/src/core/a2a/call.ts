/**
 * One A2A operation over the chosen interface's binding: JSON-RPC or HTTP+JSON through the guarded HTTP
 * client, GRPC through the guarded gRPC client when the caller gives one (grpcCall.ts). Sends A2A-Version
 * unless a probe asks for none (a request without it is treated as 0.3 by agents, §3.6.2), the interface's tenant verbatim,
 * and A2A-Extensions when asked. Streaming operations read only the first event (enough to tell "works"
 * from an error) and then close the stream.
 */
import type { HttpResponse } from '../net/http';
import type { A2aCallOptions, A2aCallResult, A2aInterface, A2aOperation } from './types';
import { callGrpc } from './grpcCall';
import { trimEnd } from '../text/trimEnd';
import { utf8Text } from '../bytes/bytes';
import { fromHttpError, fromJsonRpcError } from './errors';
import { NetError, displayUrl, isNetError } from '../net/errors';
import { headerSecrets, redactError, redactorFor, redactValue, urlSecrets, type Redactor } from '../text/redact';

export const SUPPORTED_BINDINGS = ['JSONRPC', 'HTTP+JSON'] as const;
/** With a gRPC client (probes, the extended card). */
export const SUPPORTED_BINDINGS_WITH_GRPC = [...SUPPORTED_BINDINGS, 'GRPC'] as const;
const STREAMING: ReadonlySet<A2aOperation> = new Set(['SubscribeToTask', 'SendStreamingMessage']);

/**
 * The one way to call an agent. Everything the agent answers (results, error messages and reasons, headers) and
 * every failure passes through the redactor of this call, which knows the credential it sent and the interface
 * URL's userinfo: an agent that quotes the caller's credential back never gets it printed, stored or shown.
 */
export async function callA2a(
  iface: A2aInterface,
  op: A2aOperation,
  params: Record<string, unknown>,
  opts: A2aCallOptions,
): Promise<A2aCallResult> {
  const redact = callRedactor(iface, opts);
  try {
    return redactValue(await unredactedCall(iface, op, params, opts), redact);
  } catch (err) {
    throw redactError(explainRedirect(err), redact);
  }
}

/**
 * Interface calls follow no redirect: the card's interface URL is the endpoint, and a redirect would take the
 * request, its message and its credential to a URL the card does not declare. The transport only says a limit
 * was hit; this says which rule and why.
 */
function explainRedirect(err: unknown): unknown {
  if (!isNetError(err) || err.kind !== 'redirect-limit' || err.details.limit !== 0) return err;
  return new NetError(
    'redirect-limit',
    err.url,
    `${displayUrl(err.url)}: the interface answered with a redirect; A2A interface calls follow no redirects, so the card's interface URL must be the endpoint itself (a redirect would take the request and its credential to a URL the card does not declare)`,
    err.details,
  );
}

/** The redactor of one call: the credential headers it sends and the userinfo of the URL it goes to. */
export function callRedactor(
  iface: Pick<A2aInterface, 'url'>,
  opts: Pick<A2aCallOptions, 'credentialHeaders'>,
): Redactor {
  return redactorFor([...headerSecrets(opts.credentialHeaders), ...urlSecrets(iface.url)]);
}

async function unredactedCall(
  iface: A2aInterface,
  op: A2aOperation,
  params: Record<string, unknown>,
  opts: A2aCallOptions,
): Promise<A2aCallResult> {
  const headers: Record<string, string> = {
    ...(opts.a2aVersion === null ? {} : { 'a2a-version': opts.a2aVersion ?? iface.version }),
    accept: STREAMING.has(op) ? 'text/event-stream, application/json' : 'application/json, application/a2a+json',
  };
  if (opts.extensions && opts.extensions.length > 0) headers['a2a-extensions'] = opts.extensions.join(', ');
  if (iface.binding === 'GRPC' && opts.grpc) {
    // gRPC carries A2A-Version and A2A-Extensions as metadata (facts §5); no Accept.
    const { accept: _accept, ...metadata } = headers;
    return callGrpc(opts.grpc, iface, op, params, opts, metadata);
  }
  const common = {
    origin: 'card' as const,
    originClass: opts.originClass,
    headers,
    credentialHeaders: opts.credentialHeaders,
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    signal: opts.signal,
    stopWhen: STREAMING.has(op) && !opts.fullStream ? firstSseEvent : undefined,
    maxRedirects: 0,
  };
  if (iface.binding === 'JSONRPC') {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: op,
      params: iface.tenant !== null ? { ...params, tenant: iface.tenant } : params,
    });
    const res = await opts.http.request(iface.url, {
      ...common,
      method: 'POST',
      body,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    return withEvents(jsonRpcResult(res), res, true);
  }
  if (iface.binding === 'HTTP+JSON') {
    const { method, path, body } = restRoute(op, params);
    const prefix = iface.tenant !== null ? `/${encodeURIComponent(iface.tenant)}` : '';
    const url = `${trimEnd(iface.url, '/')}${prefix}${path}`;
    const res = await opts.http.request(url, {
      ...common,
      method,
      ...(body !== undefined
        ? { body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/a2a+json' } }
        : {}),
    });
    return withEvents(restResult(res), res, false);
  }
  throw new Error(
    `binding ${JSON.stringify(iface.binding)} is not supported for live calls here (JSONRPC and HTTP+JSON are${iface.binding === 'GRPC' ? '; GRPC needs a gRPC client' : ''})`,
  );
}

function restRoute(
  op: A2aOperation,
  params: Record<string, unknown>,
): { method: 'GET' | 'POST'; path: string; body?: unknown } {
  const id = encodeURIComponent(String(params.id ?? params.taskId ?? ''));
  switch (op) {
    case 'GetTask':
      return { method: 'GET', path: `/tasks/${id}` };
    // The proto says GET (facts §7, inconsistency 4); the SDK accepts GET.
    case 'SubscribeToTask':
      return { method: 'GET', path: `/tasks/${id}:subscribe` };
    case 'ListTaskPushNotificationConfigs':
      return { method: 'GET', path: `/tasks/${id}/pushNotificationConfigs` };
    case 'GetExtendedAgentCard':
      return { method: 'GET', path: '/extendedAgentCard' };
    case 'SendMessage':
      return { method: 'POST', path: '/message:send', body: params };
    case 'SendStreamingMessage':
      return { method: 'POST', path: '/message:stream', body: params };
  }
}

/** True once the buffer holds one complete SSE event (a blank line after data). */
export function firstSseEvent(soFar: Uint8Array): boolean {
  const text = utf8Text(soFar);
  return /\r?\n\r?\n/.test(text) && text.includes('data:');
}

/** The data of the first SSE event (joined data: lines), or undefined. */
export function parseFirstSse(text: string): string | undefined {
  const event = text.split(/\r?\n\r?\n/)[0] ?? '';
  const lines = event
    .split(/\r?\n/)
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).replace(/^ /, ''));
  return lines.length ? lines.join('\n') : undefined;
}

/** Every SSE event's data, parsed (JSON-RPC envelopes unwrapped to their result). */
export function parseAllSse(text: string, jsonRpc: boolean): unknown[] {
  const out: unknown[] = [];
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = parseFirstSse(event);
    if (data === undefined) continue;
    const value = parseJson(data);
    out.push(
      jsonRpc && value && typeof value === 'object' && 'result' in value
        ? (value as { result: unknown }).result
        : value,
    );
  }
  return out;
}

function withEvents(result: A2aCallResult, res: HttpResponse, jsonRpc: boolean): A2aCallResult {
  if (!result.ok || !result.streamed) return result;
  return { ...result, events: parseAllSse(utf8Text(res.body), jsonRpc) };
}

function isSse(res: HttpResponse): boolean {
  return (res.headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function invalid(res: HttpResponse, what: string): A2aCallResult {
  return {
    ok: false,
    status: res.status,
    headers: res.headers,
    error: { type: 'InvalidAgentResponse', message: what, httpStatus: res.status },
  };
}

function jsonRpcResult(res: HttpResponse): A2aCallResult {
  if (res.status < 200 || res.status >= 300) {
    return {
      ok: false,
      status: res.status,
      headers: res.headers,
      error: fromHttpError(res.status, parseJson(utf8Text(res.body)), res.headers['retry-after']),
    };
  }
  const streamed = isSse(res);
  const text = streamed ? parseFirstSse(utf8Text(res.body)) : utf8Text(res.body);
  const envelope = text === undefined ? undefined : parseJson(text);
  if (!envelope || typeof envelope !== 'object')
    return invalid(
      res,
      streamed ? 'the event stream carried no JSON-RPC response' : 'the answer is not a JSON-RPC response',
    );
  const e = envelope as Record<string, unknown>;
  if (e.error !== undefined)
    return { ok: false, status: res.status, headers: res.headers, error: fromJsonRpcError(e.error) };
  if (!('result' in e)) return invalid(res, 'the JSON-RPC response has neither result nor error');
  return { ok: true, result: e.result, status: res.status, streamed, headers: res.headers };
}

function restResult(res: HttpResponse): A2aCallResult {
  const streamed = isSse(res);
  const text = streamed ? parseFirstSse(utf8Text(res.body)) : utf8Text(res.body);
  const body = text === undefined ? undefined : parseJson(text);
  if (res.status < 200 || res.status >= 300) {
    return {
      ok: false,
      status: res.status,
      headers: res.headers,
      error: fromHttpError(res.status, body, res.headers['retry-after']),
    };
  }
  if (body === undefined) return invalid(res, streamed ? 'the event stream carried no JSON' : 'the answer is not JSON');
  // Some agents put an error object inside a 200 stream event.
  if (streamed && body && typeof body === 'object' && 'error' in body) {
    return { ok: false, status: res.status, headers: res.headers, error: fromHttpError(400, body) };
  }
  return { ok: true, result: body, status: res.status, streamed, headers: res.headers };
}
