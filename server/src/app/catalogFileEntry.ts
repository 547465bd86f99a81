/**
 * An A2A entry of a catalog file of the repository, to pin (the editor's "Pin this agent", `a2acap pin
 * CATALOG-PATH#IDENTIFIER[@VERSION]`): the catalog's text parsed and the entry selected as a reference would select it.
 * Either kind of entry is pinned through the file, so the lockfile records where the agent was found (`found_via`)
 * and later checks read the entry again: an inline card is pinned in place, an entry's `url` is loaded as its card.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { entryForReference, type EntryCard } from '../core/catalog/resolve';
import { formatCatalogReference, parseCatalogFileReference, type CatalogReference } from '../core/catalog/reference';
import { stripBom } from '../core/document';
import type { CardLoader, LoadedCard } from '../core/check/cardLoader';
import { ioReason } from '../core/text/ioReason';
import { repositoryRoot, resolveInside } from '../node/insideRoot';
import { readTextSync } from '../node/readText';

/** What the pin workflow takes for an entry of a catalog file: the entry's card and the reference it was found by. */
export interface CatalogFileEntry {
  /** The catalog's absolute path, the identifier, and the version of the entry selected. */
  foundVia: CatalogReference;
  card: EntryCard;
}

/** What a pin of the entry loads: the card's URL, or the reference itself for an inline card; and the entry. */
export interface CatalogFilePin {
  location: string;
  fromCatalogFile: CatalogFileEntry;
}

/**
 * The entry `reference` names in the catalog text (its `catalog` is the file's absolute path); a clear error when the
 * text is not JSON or names no such A2A entry (core/catalog/resolve.ts messages, which quote only identifiers).
 */
export function catalogFileEntry(text: string, reference: CatalogReference): CatalogFilePin {
  let value: unknown;
  try {
    value = JSON.parse(stripBom(text));
  } catch {
    throw new Error('cannot read the catalog: not valid JSON');
  }
  const selected = entryForReference(value, reference);
  const fromCatalogFile = { foundVia: selected.foundVia, card: selected.card };
  return {
    location: 'url' in selected.card ? selected.card.url : formatCatalogReference(selected.foundVia),
    fromCatalogFile,
  };
}

/**
 * The entry's card, loaded: an inline card compiled in place, or the card at the entry's `url` (what the loader
 * allows that URL to reach is the caller's run); either way with the entry it was found by (`via`).
 */
export async function loadCatalogFileEntry(
  loader: CardLoader,
  location: string,
  entry: CatalogFileEntry,
): Promise<LoadedCard> {
  if ('data' in entry.card) return loader.loadValue(location, entry.card.data, { foundVia: entry.foundVia });
  const loaded = await loader.load(entry.card.url);
  return { ...loaded, via: { foundVia: entry.foundVia, url: entry.card.url } };
}

/**
 * A typed agent that names an entry of a catalog file, `CATALOG-PATH#IDENTIFIER[@VERSION]` (the catalog made absolute
 * against `cwd`), or undefined: a path to an existing file stays a card path even when its name holds `#`.
 */
export function typedCatalogFileReference(target: string, cwd: string): CatalogReference | undefined {
  const reference = parseCatalogFileReference(target);
  if (!reference || existsSync(resolve(cwd, target))) return undefined;
  return { ...reference, catalog: resolve(cwd, reference.catalog) };
}

/**
 * The entry of a catalog file to pin into a lockfile in `lockfileDir`: the catalog must resolve (symlinks resolved)
 * inside that folder's repository (the git top-level), since the lockfile records it relative to itself and every
 * check confines it there; it is read under the size limit.
 */
export async function repositoryCatalogEntry(
  reference: CatalogReference,
  lockfileDir: string,
  maxBytes: number,
): Promise<CatalogFilePin> {
  const inside = await resolveInside(await repositoryRoot(lockfileDir), lockfileDir, reference.catalog);
  if (!inside.ok)
    throw new Error(
      "the catalog file is not inside the lockfile's repository: a lockfile records only paths inside it",
    );
  let text: string;
  try {
    text = readTextSync(inside.path, maxBytes);
  } catch (err) {
    throw new Error(`cannot read the catalog (${ioReason(err)})`);
  }
  return catalogFileEntry(text, reference);
}
