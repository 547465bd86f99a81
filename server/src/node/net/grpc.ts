/**
 * The guarded gRPC client: the HTTP client's guarantees (http.ts) for agents whose interface is GRPC.
 * - The interface URL's host is resolved and judged by the address policy (target.ts), and the channel
 *   connects to the CHECKED address (an `ipv4:`/`ipv6:` target); the authority and the TLS name keep the
 *   host name, so certificates are checked against it and rebinding between check and connect is impossible.
 * - No proxy from the environment, no retries, no service config from DNS.
 * - Each answer message is capped (`maxBytes`), a streamed answer is read to its first message unless asked
 *   for all (then capped in number), and a deadline covers the whole call; the caller's signal cancels it.
 * - Transport failures (unreachable, deadline, cancelled) throw a NetError like the HTTP client's; a status
 *   the agent sent is an answer (code, message, and the `grpc-status-details-bin` trailer for ErrorInfo).
 * Interface URLs: `https://` or `grpcs://` → TLS; `http://` or `grpc://` → plaintext; a bare `host:port`
 * (allowed for gRPC by the spec) → TLS, or plaintext when the checked address is loopback.
 */
import type { Client, ClientReadableStream, ServiceError } from '@grpc/grpc-js';
import { NetError, displayUrl } from '../../core/net/errors';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from '../../core/net/http';
import type { GrpcAnswer, GrpcCallOptions, GrpcClient, GrpcMethod } from '../../core/net/grpc';
import type { HttpClientOptions } from './http';
import { checkedTarget, hostnameOf, targetWorld, type TargetWorld } from './target';
import { loadGrpcRuntime } from './loadGrpcRuntime';
import { oneLineText } from '../../core/text/untrustedText';

/** @grpc/grpc-js, loaded on the first gRPC call (loadGrpcRuntime.ts): most runs never meet a gRPC interface. */
const grpcModule = (): typeof import('@grpc/grpc-js') => loadGrpcRuntime().grpc;

/** gRPC status codes used here (grpc/status.proto). */
const GrpcStatus = {
  CANCELLED: 1,
  DEADLINE_EXCEEDED: 4,
  RESOURCE_EXHAUSTED: 8,
  INTERNAL: 13,
  UNAVAILABLE: 14,
} as const;

const MAX_STREAM_MESSAGES = 1000;
/** Channels kept per client (a long-lived language server probes many agents): the oldest is closed beyond this. */
const MAX_CHANNELS = 64;
/** A channel with no call for this long drops its connection (it reconnects on the next call). */
const IDLE_MS = 30_000;
const MAX_METADATA_BYTES = 64 * 1024;

export function createGrpcClient(
  opts: Pick<HttpClientOptions, 'resolver' | 'allowHosts' | 'connectTimeoutMs'> = {},
): GrpcClient {
  const world = targetWorld(opts.resolver, opts.allowHosts);
  const channels = new Map<string, Client>();
  return {
    call: (url, method, request, callOpts) => guardedCall(url, method, request, callOpts, world, channels),
    a2a: loadGrpcRuntime,
    close: () => {
      for (const c of channels.values()) c.close();
      channels.clear();
    },
  };
}

interface Endpoint {
  url: URL;
  tls: boolean | 'unless-loopback';
  port: string;
}

/** The interface URL as a gRPC endpoint; a scheme-less `host:port` is allowed (facts: gRPC URLs may be bare). */
export function grpcEndpoint(raw: string): Endpoint {
  const bare = !/^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
  let url: URL;
  try {
    url = new URL(bare ? `grpc-bare://${raw}` : raw);
  } catch {
    throw new NetError('bad-url', raw, `${raw.slice(0, 200)}: not a gRPC address (expected host:port or a URL)`);
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  const tls =
    scheme === 'https' || scheme === 'grpcs'
      ? true
      : scheme === 'http' || scheme === 'grpc'
        ? false
        : scheme === 'grpc-bare'
          ? 'unless-loopback'
          : undefined;
  if (tls === undefined)
    throw new NetError(
      'bad-scheme',
      displayUrl(url),
      `${displayUrl(url)}: a gRPC interface URL must be host:port, https://, grpcs://, http:// or grpc://`,
    );
  if (!url.hostname) throw new NetError('bad-url', raw, `${raw.slice(0, 200)}: the gRPC address names no host`);
  return { url, tls, port: url.port || (tls === false ? '80' : '443') };
}

async function guardedCall(
  raw: string,
  method: GrpcMethod,
  request: unknown,
  o: GrpcCallOptions,
  world: TargetWorld,
  channels: Map<string, Client>,
): Promise<GrpcAnswer> {
  const shown = raw.slice(0, 200);
  if (o.signal?.aborted) throw new NetError('aborted', shown, `${shown}: cancelled`);
  const endpoint = grpcEndpoint(raw);
  const checked = checkedTarget(
    endpoint.url,
    { origin: 'card', originClass: o.originClass, allowHosts: world.allowHosts },
    world,
  );
  const target = checked instanceof Promise ? await checked : checked;
  const tls = endpoint.tls === 'unless-loopback' ? target.addressClass !== 'loopback' : endpoint.tls;
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
  const client = channelFor(channels, endpoint, target.address, tls, maxBytes);
  const metadata = new (grpcModule().Metadata)();
  for (const [k, v] of Object.entries({ ...o.metadata, ...o.credentialHeaders })) metadata.set(k.toLowerCase(), v);
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const serialize = (v: unknown): Buffer => asBuffer(method.requestSerialize(v as never));
  const deserialize = (b: Buffer): unknown => method.responseDeserialize(b);
  const answer = method.responseStream
    ? stream(client.makeServerStreamRequest(method.path, serialize, deserialize, request, metadata, { deadline }), o)
    : unary(
        (cb) => client.makeUnaryRequest(method.path, serialize, deserialize, request, metadata, { deadline }, cb),
        o,
      );
  try {
    return await answer;
  } catch (err) {
    throw transportError(err as ServiceError, shown, timeoutMs, o.signal?.aborted === true, maxBytes);
  }
}

function channelFor(
  channels: Map<string, Client>,
  e: Endpoint,
  address: string,
  tls: boolean,
  maxBytes: number,
): Client {
  const literal = address.includes(':') ? `ipv6:[${address}]:${e.port}` : `ipv4:${address}:${e.port}`;
  const host = hostnameOf(e.url);
  const key = `${literal} ${host} ${tls} ${maxBytes}`;
  let client = channels.get(key);
  if (!client) {
    const { Client: GrpcChannel, credentials } = grpcModule();
    client = new GrpcChannel(literal, tls ? credentials.createSsl() : credentials.createInsecure(), {
      'grpc.default_authority': e.url.port ? `${e.url.hostname}:${e.url.port}` : e.url.hostname,
      ...(tls ? { 'grpc.ssl_target_name_override': host } : {}),
      'grpc.max_receive_message_length': maxBytes,
      'grpc.max_send_message_length': DEFAULT_MAX_BYTES,
      'grpc.max_metadata_size': MAX_METADATA_BYTES,
      'grpc.enable_http_proxy': 0,
      'grpc.enable_retries': 0,
      'grpc.service_config_disable_resolution': 1,
      'grpc.client_idle_timeout_ms': IDLE_MS,
    });
    if (channels.size >= MAX_CHANNELS) {
      const [oldest, channel] = channels.entries().next().value!;
      channel.close();
      channels.delete(oldest);
    }
    channels.set(key, client);
  }
  return client;
}

type UnaryStart = (cb: (err: ServiceError | null, value?: unknown) => void) => { cancel(): void };

function unary(start: UnaryStart, o: GrpcCallOptions): Promise<GrpcAnswer> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => call.cancel();
    const call = start((err, value) => {
      o.signal?.removeEventListener('abort', onAbort);
      if (err) statusAnswer(err, resolve, reject);
      else resolve({ ok: true, messages: [value], streamed: false });
    });
    o.signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function stream(call: ClientReadableStream<unknown>, o: GrpcCallOptions): Promise<GrpcAnswer> {
  return new Promise((resolve, reject) => {
    const messages: unknown[] = [];
    let settled = false;
    const done = (answer: GrpcAnswer | Error): void => {
      if (settled) return;
      settled = true;
      o.signal?.removeEventListener('abort', onAbort);
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    const onAbort = (): void => call.cancel();
    o.signal?.addEventListener('abort', onAbort, { once: true });
    call.on('data', (m: unknown) => {
      messages.push(m);
      // The first event tells "streams" from an error; the rest is only read when asked for (and capped).
      if (!o.fullStream || messages.length >= MAX_STREAM_MESSAGES) {
        done({ ok: true, messages, streamed: true });
        call.cancel();
      }
    });
    call.on('error', (err: ServiceError) => {
      if (messages.length > 0) done({ ok: true, messages, streamed: true });
      else statusAnswer(err, done, done);
    });
    call.on('end', () => done({ ok: true, messages, streamed: true }));
  });
}

/** Transport failures are thrown (as NetError by the caller); any other status is the agent's answer. */
const TRANSPORT = new Set<number>([GrpcStatus.UNAVAILABLE, GrpcStatus.DEADLINE_EXCEEDED, GrpcStatus.CANCELLED]);

/** grpc-js ends a call whose answer message is over `grpc.max_receive_message_length` with this (RESOURCE_EXHAUSTED). */
const OVER_LIMIT = /^Received message larger than max/;
/** …and one whose answer message does not decode as the method's response type with this (INTERNAL). */
const UNDECODABLE = /^Response message parsing error/;

function statusAnswer(err: ServiceError, resolve: (a: GrpcAnswer) => void, reject: (e: Error) => void): void {
  if (TRANSPORT.has(err.code) || (err.code === GrpcStatus.RESOURCE_EXHAUSTED && OVER_LIMIT.test(err.details ?? ''))) {
    reject(err);
    return;
  }
  const bin = err.metadata?.get('grpc-status-details-bin')[0];
  const undecodable = err.code === GrpcStatus.INTERNAL && UNDECODABLE.test(err.details ?? '');
  resolve({
    ok: false,
    code: err.code,
    message: err.details ?? '',
    ...(Buffer.isBuffer(bin) ? { statusDetails: bin } : {}),
    ...(undecodable ? { undecodable } : {}),
  });
}

function transportError(
  err: ServiceError | NetError,
  shown: string,
  timeoutMs: number,
  aborted: boolean,
  maxBytes: number,
): NetError {
  if (err instanceof NetError) return err;
  if (err.code === GrpcStatus.RESOURCE_EXHAUSTED)
    return new NetError('too-large', shown, `${shown}: an answer message exceeds the ${maxBytes}-byte limit`, {
      limit: maxBytes,
    });
  if (aborted || err.code === GrpcStatus.CANCELLED) return new NetError('aborted', shown, `${shown}: cancelled`);
  if (err.code === GrpcStatus.DEADLINE_EXCEEDED)
    return new NetError('timeout', shown, `${shown}: no complete answer within ${timeoutMs} ms`, { limit: timeoutMs });
  // The details may be the agent's own text (an UNAVAILABLE it sent): one line, no control or bidi characters.
  const detail = oneLineText(err.details || err.message || 'network error');
  return new NetError(
    'network',
    shown,
    `${shown}: gRPC ${err.code === GrpcStatus.UNAVAILABLE ? 'unavailable' : `status ${err.code}`} (${detail})`,
  );
}

/** grpc-js sends Buffers; the core's codecs are typed with Uint8Array (the generated ones give Buffers: no copy). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
