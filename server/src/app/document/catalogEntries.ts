/**
 * An open AI Catalog as the editor shows it: each entry with what this client makes of it. An A2A entry with its
 * card inline is compiled for the configured client (usable or why not, skills); an entry served at a URL is
 * described, never fetched (hover and the tree must not reach the network); entries of other types are listed.
 * The hover, the capabilities tree and the "Pin this agent" lenses (codeLens.ts) read it from here.
 */
import { isObject } from '../../core/document';
import { readCatalog, type CatalogEntry } from '../../core/catalog/model';
import { compileProfile } from '../../core/profile/compile';
import type { CompiledProfile } from '../../core/types';
import type { Analysis } from './analysis';
import { clientConfig } from './settings';

export interface CatalogEntryView {
  entry: CatalogEntry;
  /** The inline card compiled for this client (A2A entries with an object `data`); undefined otherwise. */
  profile?: CompiledProfile;
}

const compiled = new WeakMap<Analysis, CatalogEntryView[]>();

/** The entries of an analysed catalog, each inline card compiled once per analysis. */
export function catalogEntries(a: Analysis): CatalogEntryView[] {
  if (a.kind !== 'catalog' || a.tooLarge) return [];
  let views = compiled.get(a);
  if (views === undefined) {
    views = (readCatalog(a.value)?.entries ?? []).map((entry) => ({ entry, profile: inlineProfile(entry, a) }));
    compiled.set(a, views);
  }
  return views;
}

function inlineProfile(entry: CatalogEntry, a: Analysis): CompiledProfile | undefined {
  if (entry.kind !== 'a2a-card' || !isObject(entry.data)) return undefined;
  try {
    return compileProfile(entry.data, clientConfig(a.settings));
  } catch {
    // A card too broken to compile still gets its diagnostics (lint reads it in place); the views stay empty.
    return undefined;
  }
}

/** An http(s) URL an A2A entry can be pinned from. */
export function pinnableUrl(entry: CatalogEntry): string | undefined {
  if (entry.kind !== 'a2a-card' || entry.url === undefined) return undefined;
  try {
    const u = new URL(entry.url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? entry.url : undefined;
  } catch {
    return undefined;
  }
}

/** An A2A entry whose card is inline (an object `data`, no `url`): pinned from the catalog itself. */
export function pinnableInline(entry: CatalogEntry): boolean {
  return entry.kind === 'a2a-card' && entry.hasData && !entry.hasUrl && isObject(entry.data);
}
