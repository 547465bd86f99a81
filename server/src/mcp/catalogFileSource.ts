/**
 * An entry of a catalog file as a pin source, `CATALOG-PATH#IDENTIFIER[@VERSION]` (what `a2acap pin` and the editor's
 * "Pin this agent" take): the catalog is read inside the root that will hold the lockfile, because a2a_check_lockfile
 * reads a lockfile's `found_via.catalog` only there; a catalog anywhere else would make a lockfile no check can read.
 * A file whose name holds `#` stays a card file.
 */
import { existsSync } from 'node:fs';
import { catalogFileEntry, type CatalogFilePin } from '../app/catalogFileEntry';
import { isHttpLocation } from '../app/live';
import { parseCatalogFileReference } from '../app/reference';
import { resolveInside } from '../node/insideRoot';
import { displayPath, refusedPath } from './shownPath';
import { pathInsideRoots, readFile } from './sources';
import { ToolError, messageOf } from './toolError';
import { firstRoot, type ToolWorld } from './world';

/** The root that holds `path` (already resolved inside the roots). */
async function rootHolding(world: ToolWorld, path: string): Promise<string> {
  for (const root of world.roots) if ((await resolveInside(root, root, path)).ok) return root;
  return firstRoot(world);
}

/** Whether `source` names an existing file inside the roots (then it is a card path, `#` or not). */
async function isFileInsideRoots(world: ToolWorld, source: string): Promise<boolean> {
  try {
    return existsSync(await pathInsideRoots(world, source));
  } catch {
    return false;
  }
}

/**
 * The entry `source` names, or undefined when it is not a catalog-file reference. `lockfile` is the absolute path the
 * lockfile will be written to, when there is one; without it the first root stands in for its folder.
 */
export async function catalogFileSource(
  world: ToolWorld,
  source: string,
  lockfile: string | undefined,
): Promise<CatalogFilePin | undefined> {
  if (isHttpLocation(source)) return undefined;
  const reference = parseCatalogFileReference(source);
  if (!reference || (await isFileInsideRoots(world, source))) return undefined;
  const root = lockfile !== undefined ? await rootHolding(world, lockfile) : firstRoot(world);
  // Relative to the first root, as every path a tool takes; an absolute path is judged as it is.
  const inside = await resolveInside(root, firstRoot(world), reference.catalog);
  if (!inside.ok)
    throw new ToolError(
      `${JSON.stringify(refusedPath(world, reference.catalog).slice(0, 200))} is not inside the root that holds the lockfile, so it is not read (a2a_check_lockfile reads a lockfile's catalog only there)`,
    );
  const shown = displayPath(world, inside.path);
  const text = readFile(inside.path, JSON.stringify(shown.slice(0, 200)), world.maxCardBytes, 'the catalog');
  try {
    return catalogFileEntry(text, { ...reference, catalog: inside.path });
  } catch (err) {
    // The entry is looked up under the catalog's absolute path; an answer names it as the caller may see it.
    throw new ToolError(messageOf(err).split(inside.path).join(shown));
  }
}
