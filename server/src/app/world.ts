/**
 * The world a workflow runs in, injected: files, the network client, the clock, the card caches and the settings a
 * front end resolved. The CLI, the language server, the MCP tools and the library each build one from their own
 * input; the workflows (this folder) take it and a plain request and return a plain result.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { memoryCardCache, type CardTextCache } from '../core/cache/cardText';
import { MemoryCardCache } from '../core/cache/loadedCards';
import { FileCardCache } from '../core/cache/loadedCardFiles';
import type { CardCache } from '../core/cache/types';
import { createCardLoader, type CardLoader } from '../core/check/cardLoader';
import {
  fileCardSource,
  httpCardSource,
  sourceFor,
  type HttpCardSourceOptions,
  type ReadText,
} from '../core/check/cardSources';
import type { CardSource } from '../core/check/types';
import { memoryExtendedProfileCache, type ExtendedProfileCache } from '../core/fetch/extendedCard';
import { memoryStaleMarkers, type StaleMarkers } from '../core/send/staleMarkers';
import type { HttpClient } from '../core/net/http';
import type { NetworkAllowance, UrlOrigin } from '../core/net/policy';
import type { ClientConfig } from '../core/types';
import { makeDirectory } from '../node/makeDirectory';
import { createHttpClient } from '../node/net/http';
import { readTextSync } from '../node/readText';
import { nodeFiles, type Files } from './files';
import { referenceCardSource } from './reference';

export { nodeFiles, type Files };
export type { CardCache, CardTextCache, ExtendedProfileCache, StaleMarkers };

export interface World {
  files: Files;
  /** One keep-alive HTTP client per world; null when the network is off. */
  http: HttpClient | null;
  now: () => Date;
  /** The card loader (source and cache) for the client and size limit the world was made with. */
  loader: CardLoader;
  /** A loader for another client (lockfiles under another project configuration), on the same HTTP client. */
  loaderFor(client: ClientConfig | undefined, maxBytes: number | undefined): CardLoader;
  close(): Promise<void>;
}

/** Whose URLs the world fetches: lockfile agents are 'repository' URLs (the default), a URL the user typed is 'user'. */
export interface WorldNetwork {
  origin?: UrlOrigin;
  /** For 'repository' URLs: what the run allows beyond public addresses (--allow-network, A2ACAP_ALLOW_NETWORK). */
  allow?: NetworkAllowance;
}

export interface NodeWorldOptions {
  client?: ClientConfig;
  maxBytes?: number;
  /**
   * Keep public cards (and their ETag / Last-Modified) in this folder between runs, so the next run revalidates with
   * conditional requests (304: not downloaded again). Without it each run starts cold.
   */
  cacheDir?: string;
  network?: WorldNetwork;
  now?: () => Date;
}

/**
 * A world of real Node pieces. Each loader has its own cache (a file cache compiles what it stores for its loader's
 * client; several share the folder).
 */
export function createNodeWorld(options: NodeWorldOptions = {}): World & { http: HttpClient } {
  const http = createHttpClient();
  const network = options.network ?? {};
  const loaderFor = (client: ClientConfig | undefined, bytes: number | undefined): CardLoader =>
    cardLoaderFor(
      cardSourceOf(http, { maxBytes: bytes, origin: network.origin, allow: network.allow }, nodeFiles.readText, bytes),
      client,
      createCardCache({ cacheDir: options.cacheDir, client }),
    );
  return {
    files: nodeFiles,
    http,
    now: options.now ?? (() => new Date()),
    loader: loaderFor(options.client, options.maxBytes),
    loaderFor,
    close: () => http.close(),
  };
}

/**
 * Where every front end's cards come from: URLs and catalog references (app/reference.ts) through `http` (or, as a
 * string, why URLs are refused: the editor's untrusted workspace), card files through `readText`, bounded by `maxBytes`.
 */
export function cardSourceOf(
  http: HttpClient | string,
  httpOptions: HttpCardSourceOptions,
  readText: ReadText,
  maxBytes: number | undefined,
): CardSource {
  const urls: CardSource =
    typeof http === 'string'
      ? {
          fetch: async () => {
            throw new Error(http);
          },
        }
      : referenceCardSource(httpCardSource(http, httpOptions), http, httpOptions);
  return sourceFor(urls, fileCardSource(readText, maxBytes));
}

/**
 * A loader over a card source (the MCP tools' guarded one, the editor's), compiling for `client`; with the cache
 * given (the editor's, for the session) or a new one for this run.
 */
export function cardLoaderFor(
  source: CardSource,
  client: ClientConfig | undefined,
  cache: CardCache = createCardCache({ client }),
): CardLoader {
  return createCardLoader({ source, cache, client });
}

/**
 * The one card cache (parsed cards, their validators and compiled profiles) of every front end: in memory, or in a
 * folder that outlives the process (`a2acap check --cache-dir`), where it compiles what it reads for `client`.
 */
export function createCardCache(options: { cacheDir?: string; client?: ClientConfig } = {}): CardCache {
  return options.cacheDir
    ? new FileCardCache(options.cacheDir, NODE_CACHE_FILES, options.client)
    : new MemoryCardCache();
}

/**
 * The one cache of public card texts and their validators (the card fetcher's): the library's memoryCardCache, and
 * the editor's, shared by "Fetch Agent Card" and its lockfile checks.
 */
export function createCardTextCache(): CardTextCache {
  return memoryCardCache();
}

/** The one cache of extended profiles per (card URL, credential identity): the library's, the editor's live view. */
export function createExtendedProfileCache(): ExtendedProfileCache {
  return memoryExtendedProfileCache();
}

/** Stale markers in memory (the library's sendToSkill); the CLI and the editor keep theirs in a file. */
export function createStaleMarkers(): StaleMarkers {
  return memoryStaleMarkers();
}

const NODE_CACHE_FILES = {
  readFile: (path: string) => readTextSync(path),
  // 'wx': a new file only, so a symbolic link planted at the temporary name is never followed.
  writeFile: (path: string, text: string) => writeFileSync(path, text, { mode: 0o600, flag: 'wx' }),
  rename: renameSync,
  mkdir: (path: string) => makeDirectory(path, 0o700),
};
