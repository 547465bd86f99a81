/**
 * The agent URL of a lockfile the editor names by URI ("Run probes" after a lockfile check). The server reads it
 * from the lockfile itself, never from the client's text, so the URL is known to be repository content and is
 * reached only as far as the workspace allows (networkAccess.ts); a lockfile that links out of its workspace folder is
 * not read at all.
 */
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLockfile } from '../../core/lockfile/index';
import { isHttpLocation } from '../../core/check/cardSources';
import { readTextSync } from '../../node/readText';
import type { DocumentWorld } from './world';
import { uriPath } from './documentKind';
import { lockfileInsideWorkspace } from './workspaceCards';

export async function lockfileAgentUrl(
  world: DocumentWorld,
  uri: string,
): Promise<{ url: string } | { error: string }> {
  if (!uri.startsWith('file:')) return { error: 'only lockfiles on disk name an agent to probe' };
  const path = fileURLToPath(uri);
  const inside = await lockfileInsideWorkspace(world.workspaceFolders(), path);
  if (!inside.ok) return { error: inside.reason };
  // The open document's text when there is one (unsaved edits count, as for the check).
  const wanted = path.split(sep).join('/');
  const openUri = world.openUris().find((u) => uriPath(u) === wanted);
  const open = openUri !== undefined ? world.document(openUri) : undefined;
  const loaded = await loadLockfile(path, async (p) => (open ? open.getText() : readTextSync(p)));
  if (!loaded.ok) return { error: loaded.message };
  if (!isHttpLocation(loaded.lockfile.agent))
    return { error: 'the lockfile pins a card file, not a live agent: there is nothing to probe' };
  return { url: loaded.lockfile.agent };
}
