/**
 * One conditional GET of a public agent card, shared by the two card pipelines: the card fetcher
 * (fetchCard.ts: `a2acap fetch`, probes, the live view; it caches the text with its freshness) and the refresh
 * card source (check/cardSources.ts: check, refresh, pin; it caches the compiled profile). One place decides
 * the request headers, the media types accepted, what a 304 proves, and how a non-2xx answer is reported.
 */
import { retryAfterSeconds } from '../a2a/errors';
import type { AddressClass } from '../net/address';
import { NetError, displayUrl } from '../net/errors';
import type { HttpClient, HttpResponse } from '../net/http';
import type { NetworkAllowance, UrlOrigin } from '../net/policy';
import { addConditionalHeaders } from '../cache/cacheControl';
import type { Validators } from '../cache/types';

/** JSON types; text/plain too, since static hosts (raw file servers) serve cards that way. */
export const CARD_TYPES = ['application/json', 'application/a2a+json', '+json', 'text/plain'];

export interface CardGetOptions {
  /** Whose URL this is, for the address policy (default 'user': a URL the user wrote, e.g. a lockfile's agent). */
  origin?: UrlOrigin;
  originClass?: AddressClass;
  /** For 'repository' URLs: the address classes beyond public the run allows. */
  allow?: NetworkAllowance;
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
}

export type CardGet =
  /** 304: the card is still the one the validators were taken from. */
  | { status: 'not-modified'; response: HttpResponse }
  /** 2xx with the card in the body. */
  | { status: 'fetched'; response: HttpResponse };

/**
 * GET `url`, conditionally when `validators` are held. A 304 whose own ETag contradicts the one sent is not
 * trusted: the card is fetched again in full. Any other non-2xx answer throws a NetError ('http-status') that
 * says so, with the rate limit when the agent sent one.
 */
export async function conditionalCardGet(
  http: HttpClient,
  url: string,
  validators: Validators | undefined,
  opts: CardGetOptions = {},
): Promise<CardGet> {
  let res = await get(http, url, validators, opts);
  if (res.status === 304 && validators) {
    const served = res.headers.etag;
    if (!(served && validators.etag && served !== validators.etag)) return { status: 'not-modified', response: res };
    res = await get(http, url, undefined, opts);
  }
  if (res.status < 200 || res.status >= 300) throw statusError(url, res);
  return { status: 'fetched', response: res };
}

function get(
  http: HttpClient,
  url: string,
  validators: Validators | undefined,
  opts: CardGetOptions,
): Promise<HttpResponse> {
  return http.request(url, {
    origin: opts.origin ?? 'user',
    originClass: opts.originClass,
    allow: opts.allow,
    headers: addConditionalHeaders(
      { accept: 'application/json, application/a2a+json', 'a2a-version': '1.0' },
      validators,
    ),
    contentTypes: CARD_TYPES,
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    signal: opts.signal,
  });
}

function statusError(url: string, res: HttpResponse): NetError {
  const retry = retryAfterSeconds(res.headers['retry-after']);
  const busy =
    res.status === 429 || res.status === 503
      ? ` (rate limited${retry !== undefined ? `; retry after ${retry} s` : ''})`
      : '';
  return new NetError('http-status', url, `${displayUrl(url)}: HTTP ${res.status} instead of the agent card${busy}`, {
    status: res.status,
    ...(retry !== undefined ? { retryAfterSeconds: retry } : {}),
  });
}
