/**
 * The guarded HTTP client. Every request in the product that reaches an agent goes through `request()`:
 * - only http/https;
 * - host resolved with the injected resolver, every address checked by the address policy, and the
 *   connection made to the CHECKED address (the URL is rewritten to the IP literal, Host/SNI keep the
 *   name), so DNS rebinding between check and connect is impossible;
 * - redirects followed here (never by undici), each hop re-resolved and re-checked, limited in number;
 * - a total deadline across all hops plus undici's connect timeout;
 * - the body read under a byte cap, before and after decompression;
 * - credentials only to the first hop's origin (dropped on a cross-origin redirect).
 * One undici Agent (keep-alive) is shared by all calls of a client, so many concurrent revalidations are cheap.
 */
import type { Agent, Dispatcher } from 'undici';
import type { AddressClass } from '../../core/net/address';
import { NetError, displayUrl } from '../../core/net/errors';
import { parseHttpUrl } from '../../core/net/url';
import type { PolicyContext } from '../../core/net/policy';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
  type Resolver,
} from '../../core/net/http';
import { checkedTarget, targetWorld, type TargetWorld } from './target';
import { decodeBody } from './body';
import { Cancel, exchange, type ExchangeOptions, type HeadVerdict } from './exchange';

export interface HttpClientOptions {
  resolver?: Resolver;
  /** Inject a dispatcher (tests, shared pools); otherwise one keep-alive Agent is created. */
  dispatcher?: Dispatcher;
  connectTimeoutMs?: number;
  /** Host names allowed beyond the default address rules (a user setting). */
  allowHosts?: readonly string[];
}

/**
 * The guarded client as the Node layer sees it: its bodies are Buffers, and `stopWhen` is handed one. Callers in
 * the core see the same client as an `HttpClient` (Uint8Array bodies), so the core never depends on Buffer.
 */
export interface NodeHttpRequest extends Omit<HttpRequest, 'stopWhen'> {
  stopWhen?: (soFar: Buffer) => boolean;
}
export interface NodeHttpResponse extends HttpResponse {
  body: Buffer;
}
export interface NodeHttpClient extends HttpClient {
  request(url: string, req: NodeHttpRequest): Promise<NodeHttpResponse>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createHttpClient(opts: HttpClientOptions = {}): NodeHttpClient {
  const own = opts.dispatcher ? undefined : lazyAgent(opts.connectTimeoutMs ?? 5_000);
  const injected = opts.dispatcher;
  const world: World = {
    ...targetWorld(opts.resolver, opts.allowHosts),
    dispatcher: injected ? async () => injected : () => own!.get(),
  };
  return {
    request: (url, req) => guardedRequest(url, req, world),
    close: async () => {
      await own?.close();
    },
  };
}

/**
 * The client's keep-alive Agent, made with the first request: undici (and the HTTP, TLS and HTTP/2 stacks it loads)
 * is then loaded only by a run that makes one, not at the start of every CLI run and language server.
 */
function lazyAgent(connectTimeoutMs: number): { get(): Promise<Dispatcher>; close(): Promise<void> } {
  let agent: Promise<Agent> | undefined;
  return {
    get: () =>
      (agent ??= import('undici').then(
        ({ Agent }) => new Agent({ connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 10_000, connections: 16 }),
      )),
    close: async () => {
      await (await agent)?.close();
    },
  };
}

interface World extends TargetWorld {
  dispatcher: () => Promise<Dispatcher>;
}

async function guardedRequest(input: string, req: NodeHttpRequest, world: World): Promise<NodeHttpResponse> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = req.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current = parseHttpUrl(input);
  const outer = req.signal;
  if (outer?.aborted) throw new NetError('aborted', displayUrl(current), `${displayUrl(current)}: cancelled`);
  // One Cancel for all hops: the total deadline and the caller's signal abort whatever exchange is in flight.
  const cancel = new Cancel();
  const timer = setTimeout(fireDeadline, timeoutMs, cancel);
  const onOuterAbort = outer ? (): void => cancel.fire(new Error('cancelled')) : undefined;
  if (onOuterAbort) outer!.addEventListener('abort', onOuterAbort, { once: true });
  let method = req.method ?? 'GET';
  let body = req.body;
  let firstOrigin: string | undefined;
  let originClass: AddressClass | undefined;
  try {
    for (let hop = 0; ; hop++) {
      const ctx: PolicyContext =
        hop === 0
          ? { origin: req.origin, originClass: req.originClass, allowHosts: world.allowHosts, allow: req.allow }
          : // A redirect is judged against the class of the card's origin (card URLs) or of the first hop (user and repository URLs).
            {
              origin: 'redirect',
              originClass:
                req.origin === 'user' || req.origin === 'repository' ? originClass : (req.originClass ?? originClass),
              allowHosts: world.allowHosts,
            };
      // IP literals (every loopback agent) need no resolver: judged synchronously, no extra await per request.
      const checked = checkedTarget(current, ctx, world);
      const target = checked instanceof Promise ? await checked : checked;
      if (hop === 0) {
        firstOrigin = current.origin;
        originClass = target.addressClass;
      }
      const headers = requestHeaders(req, current, current.origin === firstOrigin, body !== undefined);
      const url = current.toString();
      const to = connectTo(current, target.address);
      const answer = await exchange(
        await world.dispatcher(),
        {
          origin: to.origin,
          path: to.path,
          method,
          headers,
          body,
          timeoutMs,
          maxBytes,
          url,
          contentTypes: req.contentTypes,
          onHead: judgeHead,
          stopWhen: req.stopWhen,
        },
        cancel,
      );
      const { status, headers: resHeaders } = answer;
      if (REDIRECTS.has(status) && resHeaders.location) {
        if (hop >= maxRedirects) {
          throw new NetError('redirect-limit', input, `${displayUrl(input)}: more than ${maxRedirects} redirects`, {
            limit: maxRedirects,
          });
        }
        const next = parseHttpUrl(new URL(resHeaders.location, current).toString());
        if (current.protocol === 'https:' && next.protocol === 'http:') {
          throw new NetError(
            'policy',
            displayUrl(current),
            `${displayUrl(current)}: refused a redirect from https to plain http (${displayUrl(next)})`,
          );
        }
        current = next;
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      const decoded = decodeBody(answer.body, resHeaders['content-encoding'], url, maxBytes);
      return {
        url,
        status,
        headers: resHeaders,
        body: decoded,
        addressClass: target.addressClass,
        originClass: originClass!,
        redirects: hop,
      };
    }
  } catch (err) {
    throw toNetError(err, current.toString(), cancel.fired && !outer?.aborted, timeoutMs, outer?.aborted === true);
  } finally {
    clearTimeout(timer);
    if (onOuterAbort) outer!.removeEventListener('abort', onOuterAbort);
  }
}

function fireDeadline(cancel: Cancel): void {
  cancel.fire(new Error('deadline'));
}

/** What a response head decides before any body byte is kept: drain a redirect, refuse a wrong type or size. */
function judgeHead(
  { url, contentTypes, maxBytes }: ExchangeOptions,
  status: number,
  headers: Record<string, string>,
): HeadVerdict {
  if (REDIRECTS.has(status) && headers.location) return 'skip';
  if (status >= 200 && status < 300 && contentTypes) checkContentType(url, headers['content-type'], contentTypes);
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new NetError(
      'too-large',
      url,
      `${displayUrl(url)}: Content-Length ${declared} exceeds the ${maxBytes}-byte limit`,
      { limit: maxBytes },
    );
  }
  return 'read';
}

/** The hop's headers: the caller's (secrets only to the first hop's origin), credentials likewise, Host kept. */
function requestHeaders(req: NodeHttpRequest, url: URL, sameOrigin: boolean, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  if (req.headers) {
    for (const k in req.headers) {
      const name = k.toLowerCase();
      const value = req.headers[k];
      if (value !== undefined && (sameOrigin || !SECRET_HEADERS.has(name))) headers[name] = value;
    }
  }
  if (sameOrigin && req.credentialHeaders) {
    for (const k in req.credentialHeaders) {
      const value = req.credentialHeaders[k];
      if (value !== undefined) headers[k.toLowerCase()] = value;
    }
  }
  headers.host = url.host;
  if (hasBody && !headers['content-type']) headers['content-type'] = 'application/json';
  return headers;
}

/** Where a hop connects: the checked IP; Host (and therefore TLS SNI and certificate checks) keep the name. */
function connectTo(url: URL, address: string): { origin: string; path: string } {
  const literal = address.includes(':') ? `[${address}]` : address;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return { origin: `${url.protocol}//${literal}:${port}`, path: `${url.pathname}${url.search}` };
}

function checkContentType(url: string, header: string | undefined, accepted: readonly string[]): void {
  const essence = ((header ?? '').split(';')[0] ?? '').trim().toLowerCase();
  const ok = accepted.some((t) => (t.startsWith('+') ? essence.endsWith(t) : essence === t));
  if (!ok) {
    throw new NetError(
      'content-type',
      url,
      `${displayUrl(url)}: unexpected content type '${essence || 'none'}' (expected ${accepted.join(', ')})`,
      { contentType: essence },
    );
  }
}

/** Headers that carry secrets never follow a redirect to another origin, whoever put them in. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

function toNetError(err: unknown, url: string, timedOut: boolean, timeoutMs: number, aborted: boolean): NetError {
  if (err instanceof NetError) return err;
  const shown = displayUrl(url);
  if (aborted) return new NetError('aborted', shown, `${shown}: cancelled`);
  // undici's timeout errors, by their code (undici itself is loaded only with the first request).
  const code = (err as { code?: string }).code;
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new NetError('timeout', shown, `${shown}: no complete answer within ${timeoutMs} ms`, { limit: timeoutMs });
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new NetError('timeout', shown, `${shown}: connect timed out`);
  const cause = (err as { cause?: { code?: string } }).cause?.code;
  const said = code ?? cause;
  return new NetError(
    'network',
    shown,
    `${shown}: ${said && NETWORK_WORDS[said] ? `${NETWORK_WORDS[said]} (${said})` : (said ?? (err as Error).message ?? 'network error')}`,
    code ? { code } : {},
  );
}

/** Network failure codes in words, the code kept beside them (it is what users search for). */
const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (nothing listens there)',
  ECONNRESET: 'the connection was reset by the other side',
  UND_ERR_HEADERS_OVERFLOW: 'the response headers are too large',
  UND_ERR_SOCKET: 'the connection closed before a complete answer',
  ERR_INVALID_URL: 'an invalid URL',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};
