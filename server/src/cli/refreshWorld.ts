/**
 * The CLI's "refresh world" (HTTP client, card cache, file access) shared by check, pin, update and probe:
 * the injected world of the core's refresh code, made of real Node pieces.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { makeDirectory } from '../node/makeDirectory';
import { readTextSync } from '../node/readText';
import { createHttpClient } from '../node/net/http';
import type { HttpClient } from '../core/net/http';
import { MemoryCardCache } from '../core/cache/loadedCards';
import { FileCardCache } from '../core/cache/loadedCardFiles';
import { createCardLoader, type CardLoader } from '../core/check/cardLoader';
import { fileCardSource, httpCardSource, sourceFor } from '../core/check/cardSources';
import type { NetworkAllowance, UrlOrigin } from '../core/net/policy';
import type { ClientConfig } from '../core/types';

/**
 * Lockfiles and card files, read synchronously and bounded (node/readText.ts) behind the core's async ReadText:
 * errors arrive as a rejection with their code (ENOENT, EISDIR, EFBIG…).
 */
export const readText = async (path: string, maxBytes?: number): Promise<string> => readTextSync(path, maxBytes);

/** One keep-alive HTTP client per run; a card loader per client configuration. */
export interface RefreshWorld {
  http: HttpClient;
  /** The loader for the client and size limit the world was created with. */
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

/**
 * `cacheDir`: keep public cards (and their ETag / Last-Modified) between runs, so the next run revalidates with
 * conditional requests (304 → the card is not downloaded again). Without it each run starts cold. Each loader has
 * its own cache (a file cache compiles what it stores for its loader's client; several share the directory).
 */
export function createRefreshWorld(
  client?: ClientConfig,
  maxBytes?: number,
  cacheDir?: string,
  network: WorldNetwork = {},
): RefreshWorld {
  const http = createHttpClient();
  const loaderFor = (c: ClientConfig | undefined, bytes: number | undefined): CardLoader => {
    const source = sourceFor(
      httpCardSource(http, { maxBytes: bytes, origin: network.origin, allow: network.allow }),
      fileCardSource(readText, bytes),
    );
    const cache = cacheDir ? new FileCardCache(cacheDir, NODE_CACHE_FILES, c) : new MemoryCardCache();
    return createCardLoader({ source, cache, client: c });
  };
  return { http, loader: loaderFor(client, maxBytes), loaderFor, close: () => http.close() };
}

const NODE_CACHE_FILES = {
  readFile: (path: string) => readTextSync(path),
  // 'wx': a new file only, so a symbolic link planted at the temporary name is never followed.
  writeFile: (path: string, text: string) => writeFileSync(path, text, { mode: 0o600, flag: 'wx' }),
  rename: renameSync,
  mkdir: (path: string) => makeDirectory(path, 0o700),
};
