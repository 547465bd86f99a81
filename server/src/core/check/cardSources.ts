/**
 * Card sources: a conditional HTTP GET through the guarded client (node/net/http.ts: address policy,
 * size cap, timeouts), and a file read for cards pinned by path. `sourceFor` picks one by location.
 */
import { utf8Text } from '../bytes/bytes';
import { stripBom } from '../document';
import { ioReason } from '../text/ioReason';
import { validatorsOf } from '../cache/cacheControl';
import { conditionalCardGet, type CardGetOptions } from '../fetch/conditionalGet';
import type { HttpClient } from '../net/http';
import type { NetworkAllowance, UrlOrigin } from '../net/policy';
import { CardLoadError } from './cardLoader';
import { DEFAULT_MAX_CARD_BYTES } from '../lint';
import type { CardSource, FetchedCard, Validators } from './types';
import type { CardTextCache } from '../cache/cardText';
import { entryAfterNotModified, entryFromDownload } from '../cache/cardTextEntry';

export function isHttpLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** A URL of another scheme (file:, data:, ftp:…), which is neither fetched nor a path; one letter is a Windows drive. */
export function isOtherUrl(location: string): boolean {
  return !isHttpLocation(location) && /^[a-z][a-z0-9+.-]+:/i.test(location);
}

export interface HttpCardSourceOptions {
  /** Per-request deadline, ms. */
  timeoutMs?: number;
  maxBytes?: number;
  /**
   * The public-card text cache of the card fetcher (cache/cardText.ts), to share with it (the language server:
   * a card fetched by "Fetch Agent Card" is revalidated by the next lockfile check, and the other way round, instead
   * of each pipeline downloading it once). See `sharedFetch`.
   */
  texts?: CardTextCache;
  /** Clock for the text cache's freshness, ms (default Date.now). */
  now?: () => number;
  /** Whose URLs this source fetches, for the address policy (default 'repository': a lockfile's agent). */
  origin?: UrlOrigin;
  /** For 'repository' URLs: the address classes beyond public the run allows (default none). */
  allow?: NetworkAllowance;
}

/**
 * Lockfile `agent` URLs are repository content (a pull request can add a lockfile), so by default they are
 * 'repository' URLs for the address policy: public addresses, plus loopback and private ones only when the run
 * allows them (`allow`); link-local and metadata addresses never. A URL the user typed (pin) is 'user'.
 */
export function httpCardSource(http: HttpClient, options: HttpCardSourceOptions = {}): CardSource {
  if (options.texts) return { fetch: (url, previous) => sharedFetch(http, url, previous, options, options.texts!) };
  return {
    async fetch(url, previous) {
      // The one conditional GET of both card pipelines (fetch/conditionalGet.ts): headers, accepted types, what a 304 proves.
      const got = await conditionalCardGet(http, url, previous, getOptions(options));
      if (got.status === 'not-modified') return { status: 'unchanged' };
      return {
        status: 'fresh',
        card: parseCard(url, utf8Text(got.response.body)),
        validators: validatorsOf(got.response.headers),
      };
    },
  };
}

function getOptions(options: HttpCardSourceOptions): CardGetOptions {
  return {
    origin: options.origin ?? 'repository',
    allow: options.allow,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
  };
}

/**
 * Injected file access: (path) → UTF-8 text, throwing with a code (ENOENT…) like fs.readFile; a file over
 * `maxBytes` (when given) is refused with EFBIG before it is read.
 */
export type ReadText = (path: string, maxBytes?: number) => Promise<string>;

/**
 * Cards on disk have no validators: every refresh re-reads them (cheap, and always exact). A card file a lockfile
 * names is as untrusted as a fetched card, so it has the same size limit (maxCardBytes), checked before reading.
 */
export function fileCardSource(readText: ReadText, maxBytes = DEFAULT_MAX_CARD_BYTES): CardSource {
  return {
    async fetch(path): Promise<FetchedCard> {
      let text: string;
      try {
        text = await readText(path, maxBytes);
      } catch (err) {
        if ((err as { code?: unknown } | null)?.code === 'EFBIG')
          throw new CardLoadError(
            'card',
            `${path}: the card file is larger than the ${maxBytes}-byte card limit, so it was not read (raise maxCardBytes, --max-card-bytes, if this is intended)`,
          );
        throw new Error(`${path}: cannot read the card (${ioReason(err)})`);
      }
      return { status: 'fresh', card: parseCard(path, text), validators: {} };
    },
  };
}

export function sourceFor(http: CardSource, file: CardSource): CardSource {
  return {
    fetch: (location, previous) => {
      if (isOtherUrl(location)) {
        const scheme = location.slice(0, location.indexOf(':') + 1).slice(0, 20);
        return Promise.reject(
          new Error(`${scheme} URLs are not card locations: give an http(s) URL or a path to a card file`),
        );
      }
      return (isHttpLocation(location) ? http : file).fetch(location, previous);
    },
  };
}

function parseCard(location: string, text: string): unknown {
  try {
    return JSON.parse(stripBom(text));
  } catch {
    throw new CardLoadError('card', `${location}: the card is not valid JSON`);
  }
}

function sameValidators(a: Validators | undefined, b: Validators | undefined): boolean {
  return a?.etag === b?.etag && a?.lastModified === b?.lastModified;
}

/**
 * The conditional GET with the text cache shared: the validators sent are the newest known (the text cache's, when
 * it holds the card; else the caller's). A 304 to the caller's own validators is "unchanged"; a 304 to the text
 * cache's newer ones means the card is that stored text, returned as fresh (the caller compiles it). Every answer
 * updates the text cache as the card fetcher would (cache/cardTextEntry.ts).
 */
async function sharedFetch(
  http: HttpClient,
  url: string,
  previous: Validators | undefined,
  options: HttpCardSourceOptions,
  texts: CardTextCache,
): Promise<FetchedCard> {
  const now = options.now ?? Date.now;
  const stored = await texts.get(url);
  const sent = stored?.validators ?? previous;
  const got = await conditionalCardGet(http, url, sent, getOptions(options));
  if (got.status === 'not-modified') {
    if (!stored) return { status: 'unchanged' };
    const renewed = entryAfterNotModified(stored, got.response, now());
    if (renewed.store) await texts.set(url, renewed.entry);
    if (sameValidators(sent, previous)) return { status: 'unchanged' };
    return { status: 'fresh', card: parseCard(url, stored.text), validators: stored.validators };
  }
  const downloaded = entryFromDownload(url, got.response, now());
  if (downloaded.store) await texts.set(url, downloaded.entry);
  return { status: 'fresh', card: parseCard(url, downloaded.entry.text), validators: downloaded.entry.validators };
}
