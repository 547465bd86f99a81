/**
 * Where a tool's cards and lockfiles come from. Paths resolve inside the roots given at launch (after symlinks;
 * a refusal says nothing about the target); URLs go through the tools' HTTP client (world.ts: public addresses
 * only unless the launch allowed more). Both are bounded in bytes.
 */
import { isAbsolute } from 'node:path';
import { lockfileCardPaths, resolveInside, type InsideRoot } from '../node/insideRoot';
import { readTextSync } from '../node/readText';
import { ioReason } from '../app/text';
import { cardUrlFor } from '../app/live';
import { isHttpLocation, isOtherUrl } from '../app/live';
import { stripBom } from '../app/text';
import { cardJson, fetchCardText } from '../app/fetch';
import type { CardSource } from '../core/check/types';
import { withoutUserinfo } from '../app/text';
import { displayUrl, isNetError } from '../app/text';
import {
  formatCatalogReference,
  typedCatalogReference,
  referenceCardSource,
  referencedCardText,
  resolveReference,
  type CatalogReference,
} from '../app/reference';
import { LIMITS } from './limits';
import { ToolError, messageOf } from './toolError';
import { displayPath, refusedPath } from './shownPath';
import { firstRoot, type ToolWorld } from './world';

/** `candidate` (relative to the first root, or absolute) resolved inside one of the roots, or a refusal. */
export async function pathInsideRoots(world: ToolWorld, candidate: string, baseDir?: string): Promise<string> {
  for (const root of world.roots) {
    const inside = await resolveInside(root, baseDir ?? (isAbsolute(candidate) ? root : firstRoot(world)), candidate);
    if (inside.ok) return inside.path;
  }
  throw new ToolError(
    `${JSON.stringify(refusedPath(world, candidate, baseDir).slice(0, 200))} is outside the roots this server was started with (--root), so it is not read or written`,
  );
}

/**
 * Where a catalog file a checked lockfile names (`found_via.catalog`) may be read: inside the root that holds the
 * lockfile, symlinks resolved, with the confinement the CLI applies to its repository (node/insideRoot.ts). A refusal
 * quotes only the path as the lockfile wrote it.
 */
export function catalogPathsInRoots(world: ToolWorld): (lockfilePath: string, catalog: string) => Promise<InsideRoot> {
  return lockfileCardPaths(async (dir) => {
    for (const root of world.roots) if ((await resolveInside(root, root, dir)).ok) return root;
    return dir;
  });
}

export function networkOf(world: ToolWorld): NonNullable<ToolWorld['http']> {
  if (!world.http) throw new ToolError(world.networkOff ?? 'the network is off for these tools');
  return world.http;
}

export interface ReadSource {
  /** The card URL or the absolute path read. */
  location: string;
  text: string;
}

/** A card URL (a base URL means its well-known card) or a card file inside the roots, read under the size limit. */
export async function readSource(world: ToolWorld, source: string): Promise<ReadSource> {
  const reference = typedCatalogReference(source);
  if (reference) return readReferenced(world, reference);
  if (isHttpLocation(source)) {
    let url: string;
    try {
      url = cardUrlFor(source);
    } catch (err) {
      throw new ToolError(messageOf(err));
    }
    // An agent may quote the credential it was sent anywhere in its card: it is gone before anything reads the text.
    const got = world.redact(await fetchText(world, url));
    return { location: withoutUserinfo(url), text: got };
  }
  if (isOtherUrl(source)) throw new ToolError('only http(s) URLs and card files inside the roots are card sources');
  const path = await pathInsideRoots(world, source);
  return { location: path, text: readFile(path, displayPath(world, path), world.maxCardBytes, 'the card') };
}

/** The card a catalog reference names, resolved through the tools' HTTP client (public addresses unless allowed). */
async function readReferenced(world: ToolWorld, reference: CatalogReference): Promise<ReadSource> {
  const http = networkOf(world);
  const network = { timeoutMs: LIMITS.requestMs, maxBytes: world.maxCardBytes };
  try {
    const resolved = await resolveReference(http, reference, network);
    const got = await referencedCardText(http, resolved, network);
    return { location: withoutUserinfo(got.url ?? formatCatalogReference(reference)), text: world.redact(got.text) };
  } catch (err) {
    throw new ToolError(messageOf(err));
  }
}

async function fetchText(world: ToolWorld, url: string): Promise<string> {
  const http = networkOf(world);
  try {
    return await fetchCardText(http, url, { timeoutMs: LIMITS.requestMs, maxBytes: world.maxCardBytes });
  } catch (err) {
    throw fetchFailure(url, err);
  }
}

/**
 * A failed fetch as a tool error. When the failure quotes what the agent chose (the target it redirected to, the
 * media type it answered with), the message names only the URL requested and the kind of failure; the agent's
 * words go to `untrusted`.
 */
function fetchFailure(url: string, err: unknown): ToolError {
  if (!isNetError(err) || (err.kind !== 'content-type' && err.url === withoutUserinfo(url)))
    return new ToolError(messageOf(err));
  const what =
    err.kind === 'content-type'
      ? 'the agent answered with a media type that is not a card'
      : `the request failed after a redirect (${err.kind})`;
  return new ToolError(`${displayUrl(url)}: ${what}; what the agent sent is in "untrusted"`, messageOf(err));
}

/** A file inside the roots (already resolved), bounded; a failure names the path as the caller gave it. */
export function readFile(path: string, shown: string, maxBytes: number, what: string): string {
  try {
    return stripBom(readTextSync(path, maxBytes));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EFBIG') throw new ToolError(`${shown}: ${what} is over the ${maxBytes}-byte limit of this server`);
    throw new ToolError(`${shown}: cannot read ${what} (${ioReason(err)})`);
  }
}

/**
 * The card source of lockfile checks and pins: files only inside the roots; URLs only when `live` (a check that was
 * not asked to use the network never does), through the tools' HTTP client.
 */
export function toolCardSource(world: ToolWorld, live: boolean): CardSource {
  const plain = plainToolCardSource(world, live);
  if (!live || !world.http) return plain;
  return referenceCardSource(plain, world.http, { timeoutMs: LIMITS.requestMs, maxBytes: world.maxCardBytes });
}

function plainToolCardSource(world: ToolWorld, live: boolean): CardSource {
  return {
    async fetch(location) {
      if (isHttpLocation(location)) {
        if (!live)
          throw new Error(`${withoutUserinfo(location)}: the lockfile pins a URL; pass live: true to fetch it`);
        const text = await fetchText(world, location);
        return { status: 'fresh', card: cardJson(location, text), validators: {} };
      }
      if (isOtherUrl(location)) throw new Error('only http(s) URLs and card files are card locations');
      const path = await pathInsideRoots(world, location);
      const shown = displayPath(world, path);
      return {
        status: 'fresh',
        card: cardJson(shown, readFile(path, shown, world.maxCardBytes, 'the card')),
        validators: {},
      };
    },
  };
}
