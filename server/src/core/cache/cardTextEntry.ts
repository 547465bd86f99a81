/**
 * Cache entries of the public-card text cache (cardText.ts) from HTTP answers, for both card pipelines: the card
 * fetcher (fetchCard.ts) and the refresh card source when it shares the cache (check/cardSources.ts). What is
 * stored and for how long is decided here once: the validators, the freshness of Cache-Control (a 304 updates it
 * only when it carries Cache-Control itself, RFC 9111 §4.3.4), nothing when the answer says no-store.
 */
import { stripBom } from '../document';
import { utf8Text } from '../bytes/bytes';
import type { HttpResponse } from '../net/http';
import { freshnessOf, validatorsOf } from './cacheControl';
import type { CardCacheEntry } from './cardText';

/** Seconds a card without Cache-Control is reused before asking again (A2A §8.6 lets the client choose). */
export const DEFAULT_TTL_SECONDS = 300;

/** The entry for a downloaded card, or undefined when the answer forbids storing it. */
export function entryFromDownload(
  url: string,
  res: HttpResponse,
  now: number,
  defaultTtlSeconds = DEFAULT_TTL_SECONDS,
): { entry: CardCacheEntry; store: boolean } {
  const fresh = freshnessOf(res.headers['cache-control'], defaultTtlSeconds);
  const entry: CardCacheEntry = {
    url,
    text: stripBom(utf8Text(res.body)),
    validators: validatorsOf(res.headers),
    maxAgeSeconds: fresh.maxAgeSeconds,
    fetchedAt: now,
    originClass: res.originClass,
  };
  return { entry, store: fresh.store };
}

/** The stored entry a 304 confirmed, with its freshness renewed. */
export function entryAfterNotModified(
  cached: CardCacheEntry,
  res: HttpResponse,
  now: number,
  defaultTtlSeconds = DEFAULT_TTL_SECONDS,
): { entry: CardCacheEntry; store: boolean } {
  const fresh =
    res.headers['cache-control'] !== undefined
      ? freshnessOf(res.headers['cache-control'], defaultTtlSeconds)
      : { store: true, maxAgeSeconds: cached.maxAgeSeconds };
  return {
    entry: { ...cached, maxAgeSeconds: fresh.maxAgeSeconds, fetchedAt: now, originClass: res.originClass },
    store: fresh.store,
  };
}
