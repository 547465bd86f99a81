import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentWorld } from '../app/document/world';
import type { RuntimeEnvironment } from './runtime';

/**
 * What every LSP feature module gets from startServer.ts. Feature modules export a
 * `register…(ctx)` function and are wired in handlers.ts; they translate LSP messages into calls of the
 * document analyses (app/document/) over `world`, and the results back.
 */
export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  runtime: RuntimeEnvironment;
  /** What the document analyses read: open documents, settings, workspace cards, this session's live agents. */
  world: DocumentWorld;
  /** Re-validates every open document (after settings or related documents changed). */
  revalidateAll(): void;
}
