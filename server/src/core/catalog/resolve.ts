/**
 * What a catalog reference resolves to, decided on a catalog already fetched: the entry it names (or why none),
 * and where that entry's card is (its `url` resolved against the catalog's URL, or its inline `data`). The
 * catalog is untrusted content: messages name identifiers and versions only quoted (clipped, hidden characters
 * made visible), and list nothing from the catalog beyond a count.
 */
import compareVersions from 'semver/functions/compare';
import validVersion from 'semver/functions/valid';
import { quote } from '../text/quote';
import { withoutUserinfo } from '../text/redact';
import { looksLikeCatalog, readCatalog, type CatalogEntry } from './model';
import { selectCatalogEntry, type CatalogReference } from './reference';

/** Why a reference did not resolve; `no-entry` and `version-not-listed` are what a lockfile check acts on. */
export type ReferenceFailure = 'catalog-unreachable' | 'not-a-catalog' | 'no-entry' | 'version-not-listed' | 'not-a2a';

/**
 * A reference that did not resolve. Card loaders pass it on as it is (check/cardLoader.ts), with the stage a
 * card load failure has: 'fetch' when the catalog could not be read, else 'card'.
 */
export class CatalogReferenceError extends Error {
  readonly stage: 'fetch' | 'card';

  constructor(
    readonly code: ReferenceFailure,
    message: string,
  ) {
    super(message);
    this.stage = code === 'catalog-unreachable' ? 'fetch' : 'card';
    this.name = 'CatalogReferenceError';
  }
}

/** Where the agent was found, as a lockfile records it (`found_via`): the reference of the entry selected. */
export type FoundVia = CatalogReference;

/** The card an entry points at: a URL to fetch (resolved against the catalog's URL) or the card inline. */
export type EntryCard = { readonly url: string } | { readonly data: unknown };

export interface SelectedEntry {
  readonly entry: CatalogEntry;
  readonly card: EntryCard;
  /** What a lockfile pinned through this reference records. */
  readonly foundVia: FoundVia;
  /** The version asked for is no longer listed and `replacement` allowed the newest instead: the version asked for. */
  readonly replaced?: string;
}

export interface SelectOptions {
  /** A version that is not listed falls back to the newest of the identifier (a lockfile check) instead of failing. */
  replacement?: boolean;
}

/** The entry `reference` names in the parsed catalog `value`, or a CatalogReferenceError saying why not. */
export function entryForReference(
  value: unknown,
  reference: CatalogReference,
  options: SelectOptions = {},
): SelectedEntry {
  const shown = withoutUserinfo(reference.catalog);
  const catalog = looksLikeCatalog(value) ? readCatalog(value) : undefined;
  if (!catalog) throw new CatalogReferenceError('not-a-catalog', `${shown}: not an AI Catalog (no "entries" list)`);
  let entry = selectCatalogEntry(catalog.entries, reference.identifier, reference.version);
  let replaced: string | undefined;
  if (!entry && reference.version !== undefined) {
    const newest = selectCatalogEntry(catalog.entries, reference.identifier);
    if (newest && options.replacement) {
      entry = newest;
      replaced = reference.version;
    } else if (newest) {
      throw new CatalogReferenceError('version-not-listed', versionNotListed(shown, reference, catalog.entries));
    }
  }
  if (!entry)
    throw new CatalogReferenceError(
      'no-entry',
      `${shown}: no entry with the identifier ${quote(reference.identifier)} (the catalog lists ${count(catalog.entries.length, 'entry', 'entries')})`,
    );
  if (entry.kind !== 'a2a-card')
    throw new CatalogReferenceError(
      'not-a2a',
      `${shown}: the entry ${quote(reference.identifier)} is ${entry.mediaType === undefined ? 'untyped' : `of type ${quote(entry.mediaType)}`}, not an A2A agent card`,
    );
  const foundVia: FoundVia = {
    catalog: shown,
    identifier: reference.identifier,
    ...(entry.version !== undefined ? { version: entry.version } : {}),
  };
  return { entry, card: entryCard(shown, reference, entry), foundVia, ...(replaced !== undefined ? { replaced } : {}) };
}

function entryCard(shown: string, reference: CatalogReference, entry: CatalogEntry): EntryCard {
  if (entry.hasData && !entry.hasUrl) return { data: entry.data };
  if (entry.url !== undefined && !entry.hasData) {
    const url = resolvedUrl(entry.url, reference.catalog);
    if (url) return { url };
  }
  throw new CatalogReferenceError(
    'not-a2a',
    `${shown}: the entry ${quote(reference.identifier)} has ${entry.hasUrl && entry.hasData ? 'both "url" and "data"' : 'no http(s) "url" and no "data"'}, so it names no card`,
  );
}

/**
 * The entry's URL against the catalog's, when it is http(s) (a catalog never sends the tool to file: or data:). A
 * catalog file's base is a path, against which only an absolute URL resolves.
 */
function resolvedUrl(url: string, base: string): string | undefined {
  const resolved = parsedUrl(url) ?? parsedUrl(url, base);
  return resolved?.protocol === 'http:' || resolved?.protocol === 'https:' ? resolved.href : undefined;
}

function parsedUrl(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

function versionNotListed(shown: string, reference: CatalogReference, entries: readonly CatalogEntry[]): string {
  const listed = entries.filter((e) => e.identifier === reference.identifier && e.version !== undefined);
  const newest = newestVersion(listed.map((e) => e.version!));
  return `${shown}: version ${quote(reference.version)} of ${quote(reference.identifier)} is not listed${newest !== undefined ? ` (the newest listed is ${quote(newest)})` : ''}`;
}

function newestVersion(versions: readonly string[]): string | undefined {
  const semantic = versions.filter((v) => validVersion(v) !== null);
  if (semantic.length > 0) return semantic.reduce((best, v) => (compareVersions(v, best) > 0 ? v : best));
  return versions[versions.length - 1];
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
