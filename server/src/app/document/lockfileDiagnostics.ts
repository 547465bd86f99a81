/**
 * The diagnostics of a lockfile that is not open. A live check (the watcher, "Check Lockfiles Now", stale markers)
 * covers every lockfile of the workspace, open or not; the server owns all lockfile diagnostics, so for a closed one
 * they are computed from the text on disk exactly as for the open document (the same diagnostics()).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { analyze } from './analysis';
import { diagnostics } from './diagnostics';
import { uriPath } from './documentKind';
import { lockfileInsideWorkspace } from './workspaceCards';
import type { DocumentWorld } from './world';

/**
 * `text`: the lockfile's text when the caller has it (a pin just wrote it), else it is read from disk. Undefined
 * when there is nothing to publish: the lockfile is open (the open document's diagnostics are the ones that
 * count), or it cannot be read.
 */
export async function lockfileDiagnostics(
  world: DocumentWorld,
  request: { uri: string; text?: string },
): Promise<Diagnostic[] | undefined> {
  const { uri, text } = request;
  if (world.document(uri)) return undefined;
  const settings = await world.settings(uri);
  // A lockfile that is a symbolic link out of its workspace folder is not read (its diagnostics would quote it).
  const readable =
    text === undefined &&
    uri.startsWith('file:') &&
    (await lockfileInsideWorkspace(world.workspaceFolders(), uriPath(uri))).ok;
  const content = text ?? (readable ? await world.files?.read(uriPath(uri), settings.maxCardBytes) : undefined);
  if (content === undefined) return undefined;
  const doc = TextDocument.create(uri, 'a2a-lockfile', 0, content);
  const found = await diagnostics(world, doc, analyze(doc, 'a2a-lockfile', settings));
  return world.document(uri) ? undefined : found;
}
