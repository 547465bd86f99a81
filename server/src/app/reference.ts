/**
 * Agent references through an AI Catalog (`CATALOG-URL#IDENTIFIER[@VERSION]`), resolved: the catalog fetched over
 * the card fetch's own network path (the guarded client, the run's address policy, size and time limits, conditional
 * requests), the entry selected (core/catalog/resolve.ts), then its card: the inline `data`, or its `url` fetched
 * as a URL the catalog handed out. A catalog is untrusted content, so that URL is a 'card' URL for the address
 * policy: public, or the catalog's own address class (a public catalog never steers the tool to a private address).
 * Every card source (world.ts `cardSourceOf`) takes references through here, so every front end accepts them.
 */
import { utf8Text } from '../core/bytes/bytes';
import { validatorsOf } from '../core/cache/cacheControl';
import type { Validators } from '../core/cache/types';
import { entryForReference, CatalogReferenceError, type SelectedEntry } from '../core/catalog/resolve';
import {
  formatCatalogReference,
  parseCatalogFileReference,
  parseCatalogReference,
  typedCatalogReference,
  type CatalogReference,
} from '../core/catalog/reference';
import type { CardSource, FetchedCard } from '../core/check/types';
import { stripBom } from '../core/document';
import { cardUrlFor } from '../core/fetch/cardUrl';
import { createCatalogLoader, runCatalogCache, type CatalogLoader, type LoadedCatalog } from './catalogLoader';
import { conditionalCardGet } from '../core/fetch/conditionalGet';
import type { AddressClass } from '../core/net/address';
import { isNetError } from '../core/net/errors';
import type { HttpClient } from '../core/net/http';
import type { NetworkAllowance, UrlOrigin } from '../core/net/policy';
import { withoutUserinfo } from '../core/text/redact';

export {
  CatalogReferenceError,
  formatCatalogReference,
  parseCatalogFileReference,
  parseCatalogReference,
  typedCatalogReference,
};
export type { CatalogReference };

/** The run's network for the catalog itself: whose URL it is (a typed one is 'user'; a lockfile's 'repository'). */
export interface ReferenceNetwork {
  origin?: UrlOrigin;
  allow?: NetworkAllowance;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface ResolvedReference extends SelectedEntry {
  /** The address class the catalog was served from: the origin class of the entry's URL. */
  readonly catalogClass: AddressClass;
}

/**
 * The catalog loader of a run of reference loads: catalog texts kept with their validators, so a catalog read again
 * is revalidated (304), not downloaded; every load asks the server (which entry a catalog names can change).
 */
export function referenceCatalogLoader(http: HttpClient, network: ReferenceNetwork): CatalogLoader {
  return createCatalogLoader({
    http,
    timeoutMs: network.timeoutMs,
    maxBytes: network.maxBytes,
    cache: runCatalogCache(),
    freshness: 'revalidate',
  });
}

/**
 * A location as typed (a URL, a path, a reference) → what a card source loads: a reference is kept as it is (its
 * fragment names the entry), a URL becomes its card URL (core/fetch/cardUrl.ts). Paths are the caller's.
 */
export function referenceOrCardUrl(target: string): string {
  const reference = typedCatalogReference(target);
  return reference ? formatCatalogReference(reference) : cardUrlFor(target);
}

/** Resolves `reference`: the catalog fetched and the entry selected, or a CatalogReferenceError. */
export async function resolveReference(
  http: HttpClient,
  reference: CatalogReference,
  network: ReferenceNetwork,
  options: { replacement?: boolean; loader?: CatalogLoader } = {},
): Promise<ResolvedReference> {
  const loader = options.loader ?? referenceCatalogLoader(http, network);
  const loaded = await loadCatalog(loader, reference.catalog, network);
  if (loaded.value === undefined)
    throw new CatalogReferenceError(
      'not-a-catalog',
      `${withoutUserinfo(reference.catalog)}: the catalog is not valid JSON`,
    );
  return {
    ...entryForReference(loaded.value, reference, options),
    catalogClass: loaded.document.originClass ?? 'public',
  };
}

/** The card a resolved reference names: inline, or fetched from the entry's URL under the 'card' address policy. */
export async function referencedCard(
  http: HttpClient,
  resolved: ResolvedReference,
  network: ReferenceNetwork,
): Promise<FetchedCard> {
  const via = {
    foundVia: resolved.foundVia,
    ...('url' in resolved.card ? { url: resolved.card.url } : {}),
    ...(resolved.replaced !== undefined ? { replaced: resolved.replaced } : {}),
  };
  if (!('url' in resolved.card)) return { status: 'fresh', card: resolved.card.data, validators: {}, via };
  const got = await referencedCardText(http, resolved, network);
  let card: unknown;
  try {
    card = JSON.parse(got.text);
  } catch {
    throw new CatalogReferenceError(
      'not-a2a',
      `${withoutUserinfo(resolved.card.url)}: the card the catalog names is not valid JSON`,
    );
  }
  return { status: 'fresh', card, validators: got.validators, via };
}

/**
 * The card text a resolved reference names (what the tools lint): fetched from the entry's URL as a URL the catalog
 * handed out, or the inline card written out as JSON.
 */
export async function referencedCardText(
  http: HttpClient,
  resolved: ResolvedReference,
  network: ReferenceNetwork,
): Promise<{ text: string; validators: Validators; url?: string }> {
  if (!('url' in resolved.card)) return { text: JSON.stringify(resolved.card.data, null, 2), validators: {} };
  const url = resolved.card.url;
  const got = await conditionalCardGet(http, url, undefined, {
    origin: 'card',
    originClass: resolved.catalogClass,
    timeoutMs: network.timeoutMs,
    maxBytes: network.maxBytes,
  });
  return { text: stripBom(utf8Text(got.response.body)), validators: validatorsOf(got.response.headers), url };
}

/**
 * A card source that also takes references: a reference is resolved and its card loaded (always 'fresh': which
 * entry a catalog names can change while the card does not); anything else goes to `urls`.
 */
export function referenceCardSource(urls: CardSource, http: HttpClient, network: ReferenceNetwork): CardSource {
  const loader = referenceCatalogLoader(http, network);
  return {
    async fetch(location, previous) {
      const reference = parseCatalogReference(location);
      if (!reference) return urls.fetch(location, previous);
      const resolved = await resolveReference(http, reference, network, { loader });
      return referencedCard(http, resolved, network);
    },
  };
}

/** The catalog a reference names, under the run's reach for it; an unreachable one is a CatalogReferenceError. */
async function loadCatalog(loader: CatalogLoader, url: string, network: ReferenceNetwork): Promise<LoadedCatalog> {
  try {
    return await loader.catalog(url, { origin: network.origin ?? 'repository', allow: network.allow });
  } catch (err) {
    if (!isNetError(err)) throw err;
    const why = err.kind === 'http-status' ? `${err.url}: HTTP ${err.details.status}` : err.message;
    throw new CatalogReferenceError('catalog-unreachable', `the catalog is unreachable: ${why}`);
  }
}
