/**
 * What the editor's document analyses read besides the document itself, injected by the host (the language
 * server builds one in lsp/startServer.ts): the open documents and their analyses, the settings of a document, the
 * workspace folders and their cards on disk, and what this session learned about live agents.
 * No connection, no LSP message: the analyses return finished results, and the host translates them.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createCardCache, createCardTextCache, type CardCache, type CardTextCache } from '../world';
import type { WorkspaceFiles } from '../../node/nodeFiles';
import type { A2ASettings } from '../../protocol';
import type { Analysis } from './analysis';
import { LiveSession } from './liveSession';
import { HttpClientForSettings } from './networkAccess';
import { WorkspaceCardIndex } from './workspaceCards';

import type { DocumentProject } from './projectFindings';

export interface DocumentWorld {
  /** The open document at `uri`, at its current version (undefined when it is not open). */
  document(uri: string): TextDocument | undefined;
  /** The uris of every open document. */
  openUris(): string[];
  /** Settings of one document (the user's, over the project configuration, checked for trust). */
  settings(uri: string): Promise<A2ASettings>;
  /** The cached analysis of an open document at its current version, or undefined if it is not ours. */
  analysis(uri: string): Promise<Analysis | undefined>;
  /** Analyses of every open document (lockfile ↔ card matching). */
  openAnalyses(): Promise<Analysis[]>;
  /** Workspace folders' file-system paths (for finding cards that are not open). */
  workspaceFolders(): string[];
  /** Cards on disk in the workspace, indexed once (until a watched file changes). */
  workspaceCards: WorkspaceCardIndex;
  /** Read-only access to workspace files (a closed lockfile's text); undefined where the host has no files. */
  files?: WorkspaceFiles;
  /** What this session learned about live agents (fetched cards, failures, evidence, checked lockfiles). */
  session: LiveSession;
  /** The one HTTP client of the server (one connection pool for the live view, probes and lockfile checks). */
  network: HttpClientForSettings;
  /**
   * The one cache of public card texts and their validators, shared by "Fetch Agent Card" and the lockfile checks
   * (lockfiles.ts): whichever fetched a card first, the other revalidates it (304).
   */
  cardTexts: CardTextCache;
  /**
   * The one card cache (parsed cards, validators, compiled profiles) of the lockfile workflows for the server's
   * lifetime: the watcher's periodic checks are conditional requests answered 304 while nothing changed.
   */
  cards: CardCache;
  /** The project configuration of a document and its file (its policies and ignore entries: projectFindings.ts). */
  project?(uri: string): DocumentProject;
}

/** What the host tells the world: its documents, settings and folders; the world holds the session's state. */
export type DocumentHost = Pick<
  DocumentWorld,
  'document' | 'openUris' | 'settings' | 'analysis' | 'openAnalyses' | 'workspaceFolders' | 'files' | 'project'
>;

/** A world for one editor session: a new live session, workspace card index, network client and card caches. */
export function createDocumentWorld(host: DocumentHost): DocumentWorld {
  return {
    ...host,
    workspaceCards: new WorkspaceCardIndex(host.files),
    session: new LiveSession(),
    network: new HttpClientForSettings(),
    cardTexts: createCardTextCache(),
    cards: createCardCache(),
  };
}
