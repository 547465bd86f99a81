/**
 * The parts of RFC 9111 a card fetcher needs: how long a response may be reused without asking again.
 * `no-store` → never cached; `no-cache` → cached but always revalidated; `max-age=N` → N seconds;
 * nothing → the caller's default TTL (A2A §8.6 allows a client default). Plus the validators of a response and
 * the conditional request headers built from them (shared by the card fetcher and the refresh card source).
 */
import type { Validators } from './types';

export interface Freshness {
  store: boolean;
  maxAgeSeconds: number;
}

/** The directives of a Cache-Control value: lower-case name → argument (unquoted), undefined when it has none. */
export function cacheDirectives(cacheControl: string | undefined): Map<string, string | undefined> {
  const directives = new Map<string, string | undefined>();
  for (const part of (cacheControl ?? '').split(',')) {
    const [rawName, rawValue] = part.split('=');
    const name = rawName?.trim().toLowerCase();
    if (name) directives.set(name, rawValue?.trim().replace(/^"|"$/g, ''));
  }
  return directives;
}

export function freshnessOf(cacheControl: string | undefined, defaultTtlSeconds: number): Freshness {
  const directives = cacheDirectives(cacheControl);
  if (directives.has('no-store')) return { store: false, maxAgeSeconds: 0 };
  if (directives.has('no-cache')) return { store: true, maxAgeSeconds: 0 };
  const maxAge = Number(directives.get('max-age'));
  if (directives.has('max-age') && Number.isInteger(maxAge) && maxAge >= 0)
    return { store: true, maxAgeSeconds: maxAge };
  return { store: true, maxAgeSeconds: defaultTtlSeconds };
}

/** The validators a response carries (lower-case header names), for the next conditional request. */
export function validatorsOf(headers: Record<string, string>): Validators {
  const v: Validators = {};
  if (headers.etag) v.etag = headers.etag;
  if (headers['last-modified']) v.lastModified = headers['last-modified'];
  return v;
}

/** Adds If-None-Match / If-Modified-Since for the validators held, if any. */
export function addConditionalHeaders(
  headers: Record<string, string>,
  validators: Validators | undefined,
): Record<string, string> {
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  return headers;
}
