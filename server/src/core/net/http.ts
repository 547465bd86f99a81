/**
 * What the product asks of an HTTP client: the request, the answer, and the client itself. The core takes an
 * `HttpClient` injected; the guarded implementation (address policy, redirects, byte caps) is the Node
 * layer's (server/src/node/net/http.ts), so the core runs wherever a client can be handed to it.
 */
import type { AddressClass } from './address';
import type { NetworkAllowance, UrlOrigin } from './policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** DNS, injected so tests map test host names to loopback addresses without touching real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface HttpRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Where the URL came from: decides which address classes it may reach. */
  origin: UrlOrigin;
  /** For 'card' URLs: the address class of the card's own origin. */
  originClass?: AddressClass;
  /** For 'repository' URLs: the address classes beyond public the run allows. */
  allow?: NetworkAllowance;
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
  stopWhen?: (soFar: Uint8Array) => boolean;
  signal?: AbortSignal;
}

export interface HttpResponse {
  /** The final URL (after redirects), as the user would write it (host name, not IP). */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  /** Class of the address the final hop connected to. */
  addressClass: AddressClass;
  /** Class of the first hop's address: the origin class for URLs this response hands out. */
  originClass: AddressClass;
  redirects: number;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export interface HttpClient {
  request(url: string, req: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}
