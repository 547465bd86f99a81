/**
 * Caches of PUBLIC agent cards, keyed by card URL. An entry holds the served text, the HTTP validators and
 * its freshness, nothing else: no request headers, so no credential can ever reach the cache (and extended
 * cards, which are per caller, are never stored here; see extendedCard.ts).
 */
import { randomId, sha256Hex } from '../bytes/hash';
import type { AddressClass } from '../net/address';
import type { Validators } from './types';

export interface CardCacheEntry {
  url: string;
  text: string;
  validators: Validators;
  maxAgeSeconds: number;
  /** Epoch ms of the last successful fetch or revalidation. */
  fetchedAt: number;
  /** Address class the card was served from: the policy context for URLs the card hands out. */
  originClass?: AddressClass;
}

export interface CardTextCache {
  get(url: string): Promise<CardCacheEntry | undefined>;
  set(url: string, entry: CardCacheEntry): Promise<void>;
  delete(url: string): Promise<void>;
}

export function memoryCardCache(): CardTextCache {
  const entries = new Map<string, CardCacheEntry>();
  return {
    get: async (url) => entries.get(url),
    set: async (url, entry) => {
      entries.set(url, entry);
    },
    delete: async (url) => {
      entries.delete(url);
    },
  };
}

/** File access injected (node:fs/promises shape), so the core stays testable and the store location is the caller's. */
export interface CacheFiles {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string, opts: { encoding: 'utf8'; mode: number }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, opts: { force: boolean }): Promise<void>;
  mkdir(path: string, opts: { recursive: boolean; mode: number }): Promise<unknown>;
}

/** One JSON file per URL (named by the URL's SHA-256), written atomically; unreadable entries are misses. */
export function fileCardCache(dir: string, fs: CacheFiles): CardTextCache {
  const pathOf = (url: string): string => `${dir}/${sha256Hex(url)}.json`;
  return {
    async get(url) {
      try {
        const entry = JSON.parse(await fs.readFile(pathOf(url), 'utf8')) as CardCacheEntry;
        return entry.url === url && typeof entry.text === 'string' ? entry : undefined;
      } catch {
        return undefined;
      }
    },
    async set(url, entry) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Only the documented fields are written: nothing a caller attached by accident reaches the disk.
      const safe: CardCacheEntry = {
        url,
        text: entry.text,
        validators: { ...pick(entry.validators) },
        maxAgeSeconds: entry.maxAgeSeconds,
        fetchedAt: entry.fetchedAt,
        ...(entry.originClass ? { originClass: entry.originClass } : {}),
      };
      const tmp = `${pathOf(url)}.${randomId()}.tmp`;
      await fs.writeFile(tmp, JSON.stringify(safe), { encoding: 'utf8', mode: 0o600 });
      await fs.rename(tmp, pathOf(url));
    },
    async delete(url) {
      await fs.rm(pathOf(url), { force: true });
    },
  };
}

function pick(v: Validators): Validators {
  const out: Validators = {};
  if (typeof v.etag === 'string') out.etag = v.etag;
  if (typeof v.lastModified === 'string') out.lastModified = v.lastModified;
  return out;
}
