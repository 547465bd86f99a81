/**
 * Card sources: a conditional HTTP GET through the guarded client (core/net/http.ts: address policy,
 * size cap, timeouts), and a file read for cards pinned by path. `sourceFor` picks one by location.
 */
import { stripBom } from '../document';
import { ioReason } from '../ioReason';
import { validatorsOf } from '../fetch/cacheControl';
import { conditionalCardGet } from '../fetch/conditionalGet';
import type { HttpClient } from '../net/http';
import { CardLoadError } from './cardLoader';
import type { CardSource, FetchedCard } from './types';

export function isHttpLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

export interface HttpCardSourceOptions {
  /** Per-request deadline, ms. */
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * Lockfile `agent` URLs are written by the user (pin), so they are 'user' URLs for the address policy:
 * loopback and private agents are allowed, link-local and metadata addresses never.
 */
export function httpCardSource(http: HttpClient, options: HttpCardSourceOptions = {}): CardSource {
  return {
    async fetch(url, previous) {
      // The one conditional GET of both card pipelines (fetch/conditionalGet.ts): headers, accepted types, what a 304 proves.
      const got = await conditionalCardGet(http, url, previous, { origin: 'user', timeoutMs: options.timeoutMs, maxBytes: options.maxBytes });
      if (got.status === 'not-modified') return { status: 'unchanged' };
      return { status: 'fresh', card: parseCard(url, got.response.body.toString('utf8')), validators: validatorsOf(got.response.headers) };
    },
  };
}

/** Injected file access: (path) → UTF-8 text, throwing with a code (ENOENT…) like fs.readFile. */
export type ReadText = (path: string) => Promise<string>;

/** Cards on disk have no validators: every refresh re-reads them (cheap, and always exact). */
export function fileCardSource(readText: ReadText): CardSource {
  return {
    async fetch(path): Promise<FetchedCard> {
      let text: string;
      try {
        text = await readText(path);
      } catch (err) {
        throw new Error(`${path}: cannot read the card (${ioReason(err)})`);
      }
      return { status: 'fresh', card: parseCard(path, text), validators: {} };
    },
  };
}

export function sourceFor(http: CardSource, file: CardSource): CardSource {
  return { fetch: (location, previous) => (isHttpLocation(location) ? http : file).fetch(location, previous) };
}

function parseCard(location: string, text: string): unknown {
  try {
    return JSON.parse(stripBom(text));
  } catch {
    throw new CardLoadError('card', `${location}: the card is not valid JSON`);
  }
}
