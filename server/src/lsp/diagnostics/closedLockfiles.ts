/**
 * Diagnostics of lockfiles that are not open. A live check (the watcher, "Check Lockfiles Now", stale
 * markers) covers every lockfile of the workspace, open or not; the server owns all lockfile diagnostics, so
 * for a closed one it computes them from the text on disk exactly as it would for the open document (the
 * same computeDiagnostics), and keeps them when a checked lockfile's editor is closed.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../analysis';
import type { ServerContext } from '../context';
import { computeDiagnostics } from './compute';
import { uriPath } from '../documentKind';
import { lockfileInsideWorkspace } from '../workspaceCards';
import { liveSession } from '../liveState';

export async function publishClosedLockfile(ctx: ServerContext, uri: string, text?: string): Promise<void> {
  if (ctx.documents.get(uri)) return; // open: the validator owns its diagnostics
  const settings = await ctx.settings(uri);
  // A lockfile that is a symbolic link out of its workspace folder is not read (its diagnostics would quote it).
  const readable =
    text === undefined &&
    uri.startsWith('file:') &&
    (await lockfileInsideWorkspace(ctx.workspaceFolders(), uriPath(uri))).ok;
  const content = text ?? (readable ? await ctx.runtime.files?.read(uriPath(uri), settings.maxCardBytes) : undefined);
  if (content === undefined) return;
  const doc = TextDocument.create(uri, 'a2a-lockfile', 0, content);
  const diagnostics = await computeDiagnostics(ctx, doc, analyze(doc, 'a2a-lockfile', settings));
  if (ctx.documents.get(uri)) return; // opened meanwhile: the validator publishes for the open text
  await ctx.connection.sendDiagnostics({ uri, diagnostics }).catch(() => undefined);
}

/**
 * Something newer is known (a fetched card, a pin, a card or lockfile changed on disk): every lockfile
 * diagnostic is computed again from it, the open documents' and those of lockfiles a live check covered,
 * so no earlier verdict outlives the state it was computed from.
 */
export async function republishLockfiles(ctx: ServerContext): Promise<void> {
  ctx.revalidateAll();
  await Promise.all(
    liveSession(ctx)
      .checkedLockfiles()
      .map((uri) => publishClosedLockfile(ctx, uri).catch(() => undefined)),
  );
}
