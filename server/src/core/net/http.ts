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
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, Dispatcher, errors as undiciErrors } from 'undici';
import { AddressClass } from './address';
import { NetError, displayUrl } from './errors';
import { PolicyContext, UrlOrigin, checkAddress } from './policy';
import { decodeBody, readCapped } from './body';

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** DNS, injected so tests map test host names to loopback addresses without touching real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface HttpClientOptions {
  resolver?: Resolver;
  /** Inject a dispatcher (tests, shared pools); otherwise one keep-alive Agent is created. */
  dispatcher?: Dispatcher;
  connectTimeoutMs?: number;
  /** Host names allowed beyond the default address rules (a user setting). */
  allowHosts?: readonly string[];
}

export interface HttpRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Where the URL came from: decides which address classes it may reach. */
  origin: UrlOrigin;
  /** For 'card' URLs: the address class of the card's own origin. */
  originClass?: AddressClass;
  /** Sent to the first hop's origin only; never forwarded to another origin by a redirect. */
  credentialHeaders?: Record<string, string>;
  /** Total deadline for all hops and the body. Default 10 s. */
  timeoutMs?: number;
  /** Byte cap for the body (raw and decoded). Default 1 MiB. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Accepted media types (essence, lower-case) for 2xx answers; '+json' matches any structured-syntax JSON type. */
  contentTypes?: readonly string[];
  /** Stop reading the body early once this returns true (e.g. the first complete SSE event). */
  stopWhen?: (soFar: Buffer) => boolean;
  signal?: AbortSignal;
}

export interface HttpResponse {
  /** The final URL (after redirects), as the user would write it (host name, not IP). */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Class of the address the final hop connected to. */
  addressClass: AddressClass;
  /** Class of the first hop's address: the origin class for URLs this response hands out. */
  originClass: AddressClass;
  redirects: number;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface HttpClient {
  request(url: string, req: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

export function createHttpClient(opts: HttpClientOptions = {}): HttpClient {
  const resolver = opts.resolver ?? systemResolver;
  const ownDispatcher = opts.dispatcher
    ? undefined
    : new Agent({ connect: { timeout: opts.connectTimeoutMs ?? 5_000 }, keepAliveTimeout: 10_000, connections: 16 });
  const dispatcher = opts.dispatcher ?? ownDispatcher!;
  return {
    request: (url, req) => guardedRequest(url, req, { resolver, dispatcher, allowHosts: opts.allowHosts ?? [] }),
    close: async () => { await ownDispatcher?.close(); },
  };
}

interface World {
  resolver: Resolver;
  dispatcher: Dispatcher;
  allowHosts: readonly string[];
}

async function guardedRequest(input: string, req: HttpRequest, world: World): Promise<HttpResponse> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = req.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let current = parseUrl(input);
  if (req.signal?.aborted) throw new NetError('aborted', displayUrl(current), `${displayUrl(current)}: cancelled`);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const onOuterAbort = (): void => deadline.abort();
  req.signal?.addEventListener('abort', onOuterAbort, { once: true });
  let method = req.method ?? 'GET';
  let body = req.body;
  let firstOrigin: string | undefined;
  let originClass: AddressClass | undefined;
  try {
    for (let hop = 0; ; hop++) {
      const ctx: PolicyContext = hop === 0
        ? { origin: req.origin, originClass: req.originClass, allowHosts: world.allowHosts }
        // A redirect is judged against the class of the card's origin (card URLs) or of the first hop (user URLs).
        : { origin: 'redirect', originClass: req.origin === 'user' ? originClass : req.originClass ?? originClass, allowHosts: world.allowHosts };
      const target = await resolveChecked(current, ctx, world.resolver);
      if (hop === 0) { firstOrigin = current.origin; originClass = target.addressClass; }
      const sameOrigin = current.origin === firstOrigin;
      const headers: Record<string, string> = {
        'accept-encoding': 'gzip, deflate, br',
        ...(sameOrigin ? lowerKeys(req.headers ?? {}) : withoutSecrets(lowerKeys(req.headers ?? {}))),
        ...(sameOrigin ? lowerKeys(req.credentialHeaders ?? {}) : {}),
        host: current.host,
      };
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      const res = await dispatch(world.dispatcher, current, target.address, method, headers, body, deadline.signal, timeoutMs);
      const status = res.statusCode;
      const resHeaders = flattenHeaders(res.headers);
      if (REDIRECTS.has(status) && resHeaders.location) {
        await res.body.dump().catch(() => undefined);
        if (hop >= maxRedirects) {
          throw new NetError('redirect-limit', input, `${displayUrl(input)}: more than ${maxRedirects} redirects`, { limit: maxRedirects });
        }
        const next = parseUrl(new URL(resHeaders.location, current).toString());
        if (current.protocol === 'https:' && next.protocol === 'http:') {
          throw new NetError('policy', displayUrl(current), `${displayUrl(current)}: refused a redirect from https to plain http (${displayUrl(next)})`);
        }
        current = next;
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) { method = 'GET'; body = undefined; }
        continue;
      }
      const url = current.toString();
      if (status >= 200 && status < 300 && req.contentTypes) checkContentType(url, resHeaders['content-type'], req.contentTypes, res.body);
      const declared = Number(resHeaders['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        discard(res.body);
        throw new NetError('too-large', url, `${displayUrl(url)}: Content-Length ${declared} exceeds the ${maxBytes}-byte limit`, { limit: maxBytes });
      }
      const raw = await readCapped(res.body, url, maxBytes, req.stopWhen);
      const decoded = decodeBody(raw, resHeaders['content-encoding'], url, maxBytes);
      return { url, status, headers: resHeaders, body: decoded, addressClass: target.addressClass, originClass: originClass!, redirects: hop };
    }
  } catch (err) {
    throw toNetError(err, current.toString(), deadline.signal.aborted && !req.signal?.aborted, timeoutMs, req.signal?.aborted === true);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onOuterAbort);
  }
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new NetError('bad-url', text.slice(0, 200), `not a valid URL: ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NetError('bad-scheme', displayUrl(url), `${displayUrl(url)}: only http and https URLs are fetched (got ${url.protocol})`);
  }
  return url;
}

async function resolveChecked(url: URL, ctx: PolicyContext, resolver: Resolver): Promise<{ address: string; addressClass: AddressClass }> {
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      addresses = await resolver(hostname);
    } catch (err) {
      throw new NetError('dns', displayUrl(url), `${displayUrl(url)}: cannot resolve ${hostname} (${(err as { code?: string }).code ?? (err as Error).message})`);
    }
    if (addresses.length === 0) throw new NetError('dns', displayUrl(url), `${displayUrl(url)}: ${hostname} has no addresses`);
  }
  let firstRefusal: string | undefined;
  for (const a of addresses) {
    const decision = checkAddress(hostname, a.address, ctx);
    if (decision.allowed) return { address: a.address, addressClass: decision.addressClass };
    firstRefusal ??= decision.reason;
  }
  throw new NetError('policy', displayUrl(url), `${displayUrl(url)}: refused by the address policy: ${firstRefusal}`, { address: addresses[0]!.address });
}

async function dispatch(
  dispatcher: Dispatcher, url: URL, address: string, method: string, headers: Record<string, string>,
  body: string | undefined, signal: AbortSignal, timeoutMs: number,
): Promise<Dispatcher.ResponseData> {
  const literal = isIP(address) === 6 ? `[${address}]` : address;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  // Connect to the checked IP; Host (and therefore TLS SNI and certificate checks) keep the name.
  return dispatcher.request({
    origin: `${url.protocol}//${literal}:${port}`,
    path: `${url.pathname}${url.search}`,
    method: method as Dispatcher.HttpMethod,
    headers,
    body,
    signal,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

/** Stop reading a body we will not use; undici reports the abort as an error event, which is expected here. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function checkContentType(url: string, header: string | undefined, accepted: readonly string[], body: Dispatcher.ResponseData['body']): void {
  const essence = (header ?? '').split(';')[0]!.trim().toLowerCase();
  const ok = accepted.some((t) => (t.startsWith('+') ? essence.endsWith(t) : essence === t));
  if (!ok) {
    discard(body);
    throw new NetError('content-type', url, `${displayUrl(url)}: unexpected content type '${essence || 'none'}' (expected ${accepted.join(', ')})`, { contentType: essence });
  }
}

/** Headers that carry secrets never follow a redirect to another origin, whoever put them in. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
function withoutSecrets(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).filter(([k]) => !SECRET_HEADERS.has(k)));
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = v;
  return out;
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function toNetError(err: unknown, url: string, timedOut: boolean, timeoutMs: number, aborted: boolean): NetError {
  if (err instanceof NetError) return err;
  const shown = displayUrl(url);
  if (aborted) return new NetError('aborted', shown, `${shown}: cancelled`);
  if (timedOut || err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError) {
    return new NetError('timeout', shown, `${shown}: no complete answer within ${timeoutMs} ms`, { limit: timeoutMs });
  }
  if (err instanceof undiciErrors.ConnectTimeoutError) return new NetError('timeout', shown, `${shown}: connect timed out`);
  const code = (err as { code?: string }).code;
  const cause = (err as { cause?: { code?: string } }).cause?.code;
  return new NetError('network', shown, `${shown}: ${code ?? cause ?? (err as Error).message ?? 'network error'}`, code ? { code } : {});
}
