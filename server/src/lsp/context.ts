import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { A2ASettings } from '../protocol';
import type { Analysis } from './analysis';
import type { RuntimeEnvironment } from './runtime';
import type { WorkspaceCardIndex } from './workspaceCards';
import type { HttpClientForSettings } from './networkAccess';
import type { CardCache } from '../core/cache/cardText';

/**
 * What every LSP feature module gets from startServer.ts. Feature modules export a
 * `register…(ctx)` function and are wired in handlers.ts.
 */
export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  runtime: RuntimeEnvironment;
  /** Settings of one document (pulled from the client, cached). */
  settings(uri: string): Promise<A2ASettings>;
  /** The cached analysis of an open document at its current version, or undefined if it is not ours. */
  analysis(uri: string): Promise<Analysis | undefined>;
  /** Analyses of every other open document (lockfile ↔ card matching). */
  openAnalyses(): Promise<Analysis[]>;
  /** Workspace folders' file-system paths (for finding cards that are not open). */
  workspaceFolders(): string[];
  /** Cards on disk in the workspace, indexed once (until a watched file changes). */
  workspaceCards: WorkspaceCardIndex;
  /** Re-validates every open document (after settings or related documents changed). */
  revalidateAll(): void;
  /** The one HTTP client of the server (one connection pool for the live view, probes and lockfile checks). */
  network: HttpClientForSettings;
  /**
   * The one cache of public card texts and their validators, shared by "Fetch Agent Card" (liveRequests.ts) and the
   * lockfile checks (lockfileRequests.ts): whichever fetched a card first, the other revalidates it (304).
   */
  cardTexts: CardCache;
}
