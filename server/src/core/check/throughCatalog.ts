/**
 * A lockfile pinned through a catalog (`found_via`) is checked against the card the catalog names NOW, so an agent
 * that moved inside the catalog is followed. The entry gone is breaking (the workflow's agent is no longer listed);
 * the version pinned replaced (no longer listed, the identifier still is) is compared with the newest listed, with a
 * note. The catalog URL is repository content like `agent`: the loader's source applies the same address policy.
 */
import { isCatalogUrl } from '../catalog/catalogPath';
import { CatalogReferenceError, entryForReference, type SelectedEntry } from '../catalog/resolve';
import { formatCatalogReference, type ReferenceVia } from '../catalog/reference';
import { stripBom } from '../document';
import { ioReason } from '../text/ioReason';
import { quote } from '../text/quote';
import { withoutUserinfo } from '../text/redact';
import type { CheckItem, FoundVia, Lockfile } from '../types';
import { CardLoadError, type CardLoader, type LoadedCard } from './cardLoader';
import type { ReadText } from './cardSources';

export type CatalogLoad =
  | { ok: true; loaded: LoadedCard; location: string; notes: CheckItem[] }
  /** The entry is gone from the catalog: a breaking problem at /found_via. */
  | { ok: false; location: string; problem: CheckItem };

/** The reference a lockfile's `found_via` spells (what the check loads). */
export function foundViaLocation(foundVia: FoundVia): string {
  return formatCatalogReference(foundVia);
}

/**
 * What reading a catalog file of the repository (`found_via.catalog` a relative path) takes: the lockfile's path, a
 * reader, and the confinement of repository paths (refreshLockfile.ts `cardPath`); without `cardPath` a catalog path
 * is refused, never read as it resolves.
 */
export interface CatalogFiles {
  lockfilePath: string;
  readText: ReadText;
  cardPath?: (
    lockfilePath: string,
    path: string,
  ) => Promise<{ ok: true; path: string } | { ok: false; reason: string }>;
}

/** Loads the card `lock.found_via` names now; other failures (unreachable, refused, not a card) throw as loads do. */
export async function loadThroughCatalog(
  loader: CardLoader,
  lock: Lockfile,
  fresh: boolean,
  files?: CatalogFiles,
): Promise<CatalogLoad> {
  const foundVia = lock.found_via!;
  if (!isCatalogUrl(foundVia.catalog)) return loadThroughCatalogFile(loader, lock, files);
  const location = foundViaLocation(foundVia);
  const notes: CheckItem[] = [];
  let loaded: LoadedCard;
  try {
    loaded = await loadOrReplacement(loader, foundVia, fresh, notes);
  } catch (err) {
    if (!(err instanceof CatalogReferenceError) || err.code !== 'no-entry') throw err;
    return entryGone(location, foundVia);
  }
  return { ok: true, loaded, location, notes: [...notes, ...movedNotes(loaded, lock)] };
}

function entryGone(location: string, foundVia: FoundVia): CatalogLoad {
  return {
    ok: false,
    location,
    problem: {
      level: 'breaking',
      pointer: '/found_via',
      message: `the catalog no longer lists the entry ${quote(foundVia.identifier)} the lockfile was pinned through`,
    },
  };
}

function movedNotes(loaded: LoadedCard, lock: Lockfile): CheckItem[] {
  const url = loaded.via?.url;
  if (url === undefined || withoutUserinfo(url) === lock.agent) return [];
  return [
    {
      level: 'note',
      pointer: '/agent',
      message: `the agent moved: the catalog now lists its card at ${quote(withoutUserinfo(url))}; compared with the card there (update re-pins it)`,
    },
  ];
}

/**
 * A catalog file of the repository, named relative to the lockfile: confined (symlinks resolved), read (open
 * documents count in the editor), the entry selected as a reference would select it. The file gone is the entry
 * gone: breaking. A URL entry is loaded as the lockfile's own `agent` would be (repository content).
 */
async function loadThroughCatalogFile(
  loader: CardLoader,
  lock: Lockfile,
  files: CatalogFiles | undefined,
): Promise<CatalogLoad> {
  const foundVia = lock.found_via!;
  const location = foundViaLocation(foundVia);
  if (!files?.cardPath)
    throw new CardLoadError(
      'card',
      '/found_via/catalog: a catalog file is read only where repository paths are confined',
    );
  const inside = await files.cardPath(files.lockfilePath, foundVia.catalog);
  if (!inside.ok) throw new CardLoadError('card', `/found_via/catalog: ${inside.reason}`);
  let text: string;
  try {
    text = await files.readText(inside.path);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === 'ENOENT') return entryGone(location, foundVia);
    throw new CardLoadError('fetch', `${quote(foundVia.catalog)}: cannot read the catalog file (${ioReason(err)})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(stripBom(text));
  } catch {
    throw new CatalogReferenceError('not-a-catalog', `${quote(foundVia.catalog)}: the catalog is not valid JSON`);
  }
  let selected: SelectedEntry;
  try {
    selected = entryForReference(value, foundVia, { replacement: true });
  } catch (err) {
    if (err instanceof CatalogReferenceError && err.code === 'no-entry') return entryGone(location, foundVia);
    throw err;
  }
  const via: ReferenceVia = {
    foundVia: selected.foundVia,
    ...('url' in selected.card ? { url: selected.card.url } : {}),
    ...(selected.replaced !== undefined ? { replaced: selected.replaced } : {}),
  };
  const loaded =
    'url' in selected.card
      ? { ...(await loader.load(selected.card.url)), via }
      : loader.loadValue(location, selected.card.data, via);
  const notes = selected.replaced !== undefined ? [replacedNote(selected.replaced, selected.foundVia.version)] : [];
  return { ok: true, loaded, location, notes: [...notes, ...movedNotes(loaded, lock)] };
}

function replacedNote(pinned: string, now: string | undefined): CheckItem {
  return {
    level: 'note',
    pointer: '/found_via/version',
    message: `version ${quote(pinned)} is no longer listed in the catalog; compared with ${now !== undefined ? `version ${quote(now)}, ` : ''}the entry it lists now`,
  };
}

async function loadOrReplacement(
  loader: CardLoader,
  foundVia: FoundVia,
  fresh: boolean,
  notes: CheckItem[],
): Promise<LoadedCard> {
  try {
    return await loader.load(foundViaLocation(foundVia), { fresh });
  } catch (err) {
    if (!(err instanceof CatalogReferenceError) || err.code !== 'version-not-listed') throw err;
  }
  const newest = { catalog: foundVia.catalog, identifier: foundVia.identifier };
  const loaded = await loader.load(foundViaLocation(newest), { fresh });
  notes.push(replacedNote(foundVia.version ?? '', loaded.via?.foundVia.version));
  return loaded;
}
