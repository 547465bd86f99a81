/**
 * The one loader of catalogs (and of the documents discovery meets on the way: cards found where a catalog was
 * looked for): every workflow that reads a catalog (discover.ts, reference.ts) fetches it here. A fetch goes
 * through the card fetch's one conditional GET (core/fetch/conditionalGet.ts) under the caller's address reach and
 * limits; the texts and their validators are kept in a card text cache (the run's or a persistent one), so a
 * document read again is revalidated (304) rather than downloaded. Then the text is parsed and read as a catalog.
 */
import { utf8Text } from '../core/bytes/bytes';
import { entryAfterNotModified, entryFromDownload } from '../core/cache/cardTextEntry';
import type { CardTextCache } from '../core/cache/cardText';
import { readCatalog, type Catalog } from '../core/catalog/model';
import { stripBom } from '../core/document';
import { conditionalCardGet } from '../core/fetch/conditionalGet';
import type { AddressClass } from '../core/net/address';
import type { HttpClient } from '../core/net/http';
import type { NetworkAllowance, UrlOrigin } from '../core/net/policy';
import { withoutUserinfo } from '../core/text/redact';

/** How a document's URL may be reached: who wrote it, the class of the origin that handed it out, what is allowed. */
export interface DocumentReach {
  origin: UrlOrigin;
  originClass?: AddressClass;
  /** For 'repository' URLs: the address classes beyond public the run allows. */
  allow?: NetworkAllowance;
}

export interface LoadedDocument {
  /** The URL as reports show it (credentials stripped). */
  url: string;
  text: string;
  /** The media type served; absent for a copy reused from the cache without asking. */
  mediaType?: string;
  /** The address class it was served from: the policy context for the URLs it hands out. */
  originClass?: AddressClass;
}

export interface LoadedCatalog {
  document: LoadedDocument;
  /** The parsed text; undefined when it is not JSON. */
  value: unknown;
  /** The catalog read from it; undefined when it has no `entries` array. */
  catalog?: Catalog;
}

export interface CatalogLoaderOptions {
  http: HttpClient;
  timeoutMs?: number;
  maxBytes?: number;
  /** Where texts and validators are kept (a persistent cache, or `runCatalogCache()`); none: each load downloads. */
  cache?: CardTextCache;
  /**
   * 'reuse': a copy still fresh by its Cache-Control is used without asking (documents of one discovery);
   * 'revalidate': every load asks the server, conditionally (which entry a catalog names can change at any time).
   */
  freshness?: 'reuse' | 'revalidate';
  now?: () => number;
}

export interface CatalogLoader {
  /** The document at `url`; throws the fetch's NetError when it cannot be read. */
  document(url: string, reach: DocumentReach): Promise<LoadedDocument>;
  /** The document at `url` parsed and read as a catalog (either may be missing: the caller says what that means). */
  catalog(url: string, reach: DocumentReach): Promise<LoadedCatalog>;
}

export function createCatalogLoader(options: CatalogLoaderOptions): CatalogLoader {
  const cache = options.cache ?? NO_CACHE;
  const now = options.now ?? Date.now;
  const reuse = (options.freshness ?? 'reuse') === 'reuse';

  async function document(url: string, reach: DocumentReach): Promise<LoadedDocument> {
    const cached = await cache.get(url);
    if (reuse && cached && now() < cached.fetchedAt + cached.maxAgeSeconds * 1000)
      return { url: withoutUserinfo(cached.url), text: cached.text, originClass: cached.originClass };
    const got = await conditionalCardGet(options.http, url, cached?.validators, {
      origin: reach.origin,
      originClass: reach.originClass,
      allow: reach.allow,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
    });
    const res = got.response;
    const confirmed = got.status === 'not-modified' && cached !== undefined;
    const { entry, store } = confirmed ? entryAfterNotModified(cached, res, now()) : entryFromDownload(url, res, now());
    if (store) await cache.set(url, entry);
    const text = confirmed ? cached.text : stripBom(utf8Text(res.body));
    return { url: withoutUserinfo(url), text, mediaType: res.headers['content-type'], originClass: res.originClass };
  }

  return {
    document,
    catalog: async (url, reach) => catalogOf(await document(url, reach)),
  };
}

/** A loaded document parsed and read as a catalog. */
export function catalogOf(document: LoadedDocument): LoadedCatalog {
  const value = parsedJson(document.text);
  const catalog = value === undefined ? undefined : readCatalog(value);
  return { document, value, ...(catalog ? { catalog } : {}) };
}

const NO_CACHE: CardTextCache = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/** A cache for one run's loads: texts kept with their validators only (there is nothing to revalidate without). */
export function runCatalogCache(): CardTextCache {
  const entries = new Map<string, Parameters<CardTextCache['set']>[1]>();
  return {
    get: async (url) => entries.get(url),
    set: async (url, entry) => {
      if (entry.validators.etag !== undefined || entry.validators.lastModified !== undefined) entries.set(url, entry);
    },
    delete: async (url) => {
      entries.delete(url);
    },
  };
}

/** The JSON value of `text`, or undefined when it is not JSON. */
export function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
