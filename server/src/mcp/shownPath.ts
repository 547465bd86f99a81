/**
 * Paths and sources as results and errors show them: a file relative to the root holding it, never the absolute
 * path (it tells a model about the machine the server runs on); a URL as a URL (path functions would fold its
 * `//` into one slash), without userinfo.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { isHttpLocation, isOtherUrl } from '../app/live';
import { withoutUserinfo } from '../app/text';
import { firstRoot, type ToolWorld } from './world';

const slashed = (path: string) => path.split(sep).join('/');

/** A card or lockfile location as results show it: relative to the root holding it, with forward slashes. */
export function displayPath(world: Pick<ToolWorld, 'roots'>, path: string): string {
  if (isHttpLocation(path) || isOtherUrl(path)) return withoutUserinfo(path);
  if (!isAbsolute(path)) return slashed(path);
  for (const root of world.roots) {
    const rel = relative(root, path);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel))
      return world.roots.length > 1 ? `${root.split(sep).pop()}/${slashed(rel)}` : slashed(rel);
  }
  return refusedPath(world, path);
}

/**
 * A path that was refused, relative to the root it was judged against (`../../etc/passwd`): the caller recognises
 * what it asked for, and the answer names nothing of the machine above the root.
 */
export function refusedPath(world: Pick<ToolWorld, 'roots'>, candidate: string, baseDir?: string): string {
  const root = firstRoot(world);
  const rel = relative(root, resolve(baseDir ?? root, candidate));
  return isAbsolute(rel) ? '(another drive)' : slashed(rel) || '.';
}

/** The root as given and as the file system resolves it (a path inside it may be written either way). */
function spellingsOf(root: string): string[] {
  try {
    return [...new Set([root, realpathSync(root)])];
  } catch {
    return [root];
  }
}

/**
 * A workflow's message that may quote a path under the roots (the check names the card it could not read by its
 * absolute path, as the CLI does on the user's own machine), with every such path written relative to the first root,
 * as the check's results show paths.
 */
export function withRootsShown(world: Pick<ToolWorld, 'roots'>, text: string): string {
  let out = text;
  const first = firstRoot(world);
  for (const root of world.roots) {
    const rel = slashed(relative(first, root));
    for (const spelling of spellingsOf(root)) out = out.split(spelling + sep).join(rel ? `${rel}/` : '');
  }
  return out;
}
