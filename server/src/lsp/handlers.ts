/**
 * Registers every LSP feature of the server. One line per feature module: other modules
 * (e.g. a CodeLens provider) add themselves here with a small edit.
 */
import type { ServerCapabilities } from 'vscode-languageserver';
import { TextDocumentSyncKind } from './languageServer';
import type { ServerContext } from './context';
import { registerDocumentRequests } from './documentRequests';
import { registerMigrateRequest } from './migrate';
import { registerLockfileRequests } from './lockfileRequests';
import { registerLiveRequests } from './liveRequests';
import { registerLanguageModelTools } from './languageModelTools';

/** What the server announces in `initialize`; add a line here with each new feature module. */
export const SERVER_CAPABILITIES: ServerCapabilities = {
  textDocumentSync: TextDocumentSyncKind.Incremental,
  hoverProvider: true,
  completionProvider: { triggerCharacters: ['"', ':', '/', ' '] },
  codeActionProvider: { codeActionKinds: ['quickfix', 'refactor.rewrite'] },
  documentSymbolProvider: true,
  foldingRangeProvider: true,
  codeLensProvider: { resolveProvider: false },
};

export function registerHandlers(ctx: ServerContext): void {
  registerDocumentRequests(ctx);
  registerMigrateRequest(ctx);
  registerLockfileRequests(ctx);
  registerLiveRequests(ctx);
  registerLanguageModelTools(ctx);
}
