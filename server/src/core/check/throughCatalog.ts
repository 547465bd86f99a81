/**
 * A lockfile pinned through a catalog (`found_via`) is checked against the card the catalog names NOW, so an agent
 * that moved inside the catalog is followed. The entry gone is breaking (the workflow's agent is no longer listed);
 * the version pinned replaced (no longer listed, the identifier still is) is compared with the newest listed, with a
 * note. The catalog URL is repository content like `agent`: the loader's source applies the same address policy.
 */
import { CatalogReferenceError } from '../catalog/resolve';
import { formatCatalogReference } from '../catalog/reference';
import { quote } from '../text/quote';
import { withoutUserinfo } from '../text/redact';
import type { CheckItem, FoundVia, Lockfile } from '../types';
import type { CardLoader, LoadedCard } from './cardLoader';

export type CatalogLoad =
  | { ok: true; loaded: LoadedCard; location: string; notes: CheckItem[] }
  /** The entry is gone from the catalog: a breaking problem at /found_via. */
  | { ok: false; location: string; problem: CheckItem };

/** The reference a lockfile's `found_via` spells (what the check loads). */
export function foundViaLocation(foundVia: FoundVia): string {
  return formatCatalogReference(foundVia);
}

/** Loads the card `lock.found_via` names now; other failures (unreachable, refused, not a card) throw as loads do. */
export async function loadThroughCatalog(loader: CardLoader, lock: Lockfile, fresh: boolean): Promise<CatalogLoad> {
  const foundVia = lock.found_via!;
  const location = foundViaLocation(foundVia);
  const notes: CheckItem[] = [];
  let loaded: LoadedCard;
  try {
    loaded = await loadOrReplacement(loader, foundVia, fresh, notes);
  } catch (err) {
    if (!(err instanceof CatalogReferenceError) || err.code !== 'no-entry') throw err;
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
  const url = loaded.via?.url;
  if (url !== undefined && withoutUserinfo(url) !== lock.agent)
    notes.push({
      level: 'note',
      pointer: '/agent',
      message: `the agent moved: the catalog now lists its card at ${quote(withoutUserinfo(url))}; compared with the card there (update re-pins it)`,
    });
  return { ok: true, loaded, location, notes };
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
  const now = loaded.via?.foundVia.version;
  notes.push({
    level: 'note',
    pointer: '/found_via/version',
    message: `version ${quote(foundVia.version)} is no longer listed in the catalog; compared with ${now !== undefined ? `version ${quote(now)}, ` : ''}the entry it lists now`,
  });
  return loaded;
}
