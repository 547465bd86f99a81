/**
 * The AI Catalog as the product reads it: a list of entries, each an artifact served at `url` or carried inline
 * in `data`. Two dialects are in use for an entry's media type (`type` in ARD and the current guides, `mediaType`
 * in the earlier specification text); both are read here, so nothing downstream has to care which one a host
 * publishes. Everything in a catalog is untrusted content: this module only reads shapes, it decides nothing.
 */
import { isObject } from '../document';

export const A2A_CARD_MEDIA_TYPE = 'application/a2a-agent-card+json';
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
export const MCP_SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

/** Nested catalogs deeper than this are reported, not followed (the AI Catalog specification's bound). */
export const MAX_CATALOG_DEPTH = 4;

/** What an entry is to this product: an agent card we compile, a catalog we descend into, or anything else. */
export type CatalogEntryKind = 'a2a-card' | 'catalog' | 'other';

export interface CatalogEntry {
  /** Position in `entries`. */
  readonly index: number;
  /** JSON Pointer of the entry in the catalog document, e.g. `/entries/3`. */
  readonly pointer: string;
  /** The entry's identifier when it is a string; absent otherwise (the schema reports the shape). */
  readonly identifier?: string;
  readonly version?: string;
  readonly updatedAt?: string;
  /** The media type as written (from `type`, else `mediaType`). */
  readonly mediaType?: string;
  /** The member the media type came from, for pointers into the entry. */
  readonly mediaTypeMember?: 'type' | 'mediaType';
  readonly kind: CatalogEntryKind;
  readonly url?: string;
  readonly hasUrl: boolean;
  readonly hasData: boolean;
  /** The inline artifact as parsed; untrusted. */
  readonly data?: unknown;
  readonly displayName?: string;
  readonly description?: string;
}

export interface CatalogHost {
  readonly displayName?: string;
  readonly identifier?: string;
}

export interface Catalog {
  readonly specVersion?: string;
  readonly host?: CatalogHost;
  readonly entries: readonly CatalogEntry[];
}

/** The catalog a parsed JSON value describes, or undefined when it has no `entries` array. */
export function readCatalog(value: unknown): Catalog | undefined {
  if (!isObject(value) || !Array.isArray(value.entries)) return undefined;
  const entries: CatalogEntry[] = [];
  value.entries.forEach((entry: unknown, index: number) => {
    if (isObject(entry)) entries.push(readEntry(entry, index));
  });
  return { specVersion: stringOf(value.specVersion), host: readHost(value.host), entries };
}

/**
 * Whether a parsed document is shaped like a catalog rather than an agent card: an `entries` array and none of
 * the members every card has. Used where a URL or a file could hold either.
 */
export function looksLikeCatalog(value: unknown): boolean {
  return isObject(value) && Array.isArray(value.entries) && !('skills' in value) && !('supportedInterfaces' in value);
}

/** The kind of artifact a media type names; parameters and case are ignored, as media types compare. */
export function entryKind(mediaType: string | undefined): CatalogEntryKind {
  const essence = mediaTypeEssence(mediaType);
  if (essence === A2A_CARD_MEDIA_TYPE) return 'a2a-card';
  if (essence === AI_CATALOG_MEDIA_TYPE) return 'catalog';
  return 'other';
}

/** `type/subtype` in lower case, without parameters. */
export function mediaTypeEssence(mediaType: string | undefined): string | undefined {
  if (mediaType === undefined) return undefined;
  const semicolon = mediaType.indexOf(';');
  return (semicolon < 0 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

function readEntry(entry: Record<string, unknown>, index: number): CatalogEntry {
  const type = stringOf(entry.type);
  const mediaType = type ?? stringOf(entry.mediaType);
  const mediaTypeMember = type !== undefined ? 'type' : mediaType !== undefined ? 'mediaType' : undefined;
  return {
    index,
    pointer: `/entries/${index}`,
    identifier: stringOf(entry.identifier),
    version: stringOf(entry.version),
    updatedAt: stringOf(entry.updatedAt),
    mediaType,
    mediaTypeMember,
    kind: entryKind(mediaType),
    url: stringOf(entry.url),
    hasUrl: 'url' in entry,
    hasData: 'data' in entry,
    data: entry.data,
    displayName: stringOf(entry.displayName),
    description: stringOf(entry.description),
  };
}

function readHost(host: unknown): CatalogHost | undefined {
  if (!isObject(host)) return undefined;
  return { displayName: stringOf(host.displayName), identifier: stringOf(host.identifier) };
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
