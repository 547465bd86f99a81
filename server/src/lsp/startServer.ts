/**
 * Wires the A2A language server: documents, settings, the analysis cache, push diagnostics and the
 * feature handlers. No business rules here: the document analyses and the editor's workflows are app/document/'s,
 * over the world built here; lsp/ translates LSP messages to their requests and their results back.
 */
import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver';
import { createDocuments } from './documents';
import type { A2AInitializationOptions } from '../protocol';
import { AnalysisCache, type Analysis } from '../app/document/analysis';
import type { ServerContext } from './context';
import { publishClosedLockfile } from './diagnostics/closedLockfiles';
import { diagnostics } from '../app/document/diagnostics';
import { isProjectConfig, staleVerdictMayChange } from '../app/document/staleSuppressions';
import { createDocumentWorld } from '../app/document/world';
import { SERVER_CAPABILITIES, registerHandlers } from './handlers';
import type { RuntimeEnvironment } from './runtime';
import { SettingsCache } from './settings';
import { ProjectConfigs } from './projectConfig';
import { Validator } from './diagnostics/publish';

const DEFAULT_VALIDATION_DELAY_MS = 150;

export function startServer(connection: Connection, runtime: RuntimeEnvironment): void {
  const documents = createDocuments();
  const analyses = new AnalysisCache();
  let canPullSettings = false;
  let folders: string[] = [];
  let delayMs = DEFAULT_VALIDATION_DELAY_MS;
  const projectConfigs = new ProjectConfigs(
    (message) => {
      connection.console.warn(message);
      // Sent as window/showMessageRequest (typed void without actions): a client that does not handle it answers
      // with an error, which must not become an unhandled rejection; the log line above has said it.
      const shown: unknown = connection.window.showWarningMessage(`A2A: ${message}`);
      if (shown instanceof Promise) shown.catch(() => undefined);
    },
    () => folders,
  );
  const settings = new SettingsCache(
    connection,
    () => canPullSettings,
    (uri) => projectConfigs.forUri(uri),
  );
  const analysis = async (uri: string): Promise<Analysis | undefined> => {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    return analyses.get(doc, doc.languageId, await settings.get(uri));
  };

  const world = createDocumentWorld({
    document: (uri) => documents.get(uri),
    openUris: () => documents.keys(),
    settings: (uri) => settings.get(uri),
    analysis,
    openAnalyses: async () => (await Promise.all(documents.keys().map(analysis))).filter((a): a is Analysis => !!a),
    workspaceFolders: () => folders,
    files: runtime.files,
    project: (uri) => projectConfigs.locate(uri),
  });

  const ctx: ServerContext = {
    connection,
    documents,
    runtime,
    world,
    revalidateAll: () => {
      for (const doc of documents.all()) validator.schedule(doc);
    },
  };

  const validator = new Validator(
    connection,
    runtime,
    delayMs,
    (uri) => documents.get(uri),
    async (doc, superseded) => {
      const a = await analysis(doc.uri);
      return a ? diagnostics(world, doc, a, superseded) : [];
    },
  );

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    canPullSettings = params.capabilities.workspace?.configuration === true;
    folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri)).filter((p): p is string => !!p);
    if (folders.length === 0 && params.rootUri) folders = [uriToPath(params.rootUri)].filter((p): p is string => !!p);
    const options = (params.initializationOptions ?? {}) as A2AInitializationOptions;
    if (typeof options.validationDelayMs === 'number' && options.validationDelayMs >= 0)
      delayMs = options.validationDelayMs;
    validator.setDelay(delayMs);
    return { capabilities: SERVER_CAPABILITIES, serverInfo: { name: 'a2a-language-server', version: '0.1.0' } };
  });

  connection.onDidChangeConfiguration((params) => {
    settings.clear(params.settings);
    analyses.clear();
    ctx.revalidateAll();
  });

  // A card file changed on disk (not open): lockfiles that pin it may change classification.
  connection.onDidChangeWatchedFiles((params) => {
    // The project configuration changed: every document is analysed again with the new settings.
    if (params.changes.some((c) => c.uri.endsWith('/.a2a/config.json'))) {
      projectConfigs.invalidate();
      settings.clear();
      analyses.clear();
      ctx.revalidateAll();
    } else {
      rejudgeSuppressions(params.changes.map((c) => c.uri)).catch(() => undefined);
    }
    world.workspaceCards.invalidate();
    for (const doc of documents.all()) if (analyses.peek(doc.uri)?.kind === 'lockfile') validator.schedule(doc);
    // Closed lockfiles a live check covered: their diagnostics follow the new card (or their own new text).
    for (const uri of world.session.checkedLockfiles()) publishClosedLockfile(ctx, uri).catch(() => undefined);
  });

  // Fires on open as well as on edits (TextDocuments raises it after onDidOpen): one handler covers both.
  // A card opened or edited next to a lockfile changes the lockfile's diagnostics.
  documents.onDidChangeContent((e) => {
    validator.schedule(e.document);
    scheduleRelated(e.document.uri);
  });
  documents.onDidClose((e) => {
    const wasCard = analyses.peek(e.document.uri)?.kind === 'card' || e.document.languageId === 'a2a-agent-card';
    analyses.forget(e.document.uri);
    settings.forget(e.document.uri);
    validator.clear(e.document.uri);
    // A lockfile a live check covered keeps its diagnostics (computed from the file on disk) when closed.
    if (world.session.wasChecked(e.document.uri)) publishClosedLockfile(ctx, e.document.uri).catch(() => undefined);
    // A closed card's unsaved text no longer counts: lockfiles checked against it are checked again without it.
    if (wasCard) {
      scheduleRelated(e.document.uri);
      for (const uri of world.session.checkedLockfiles()) publishClosedLockfile(ctx, uri).catch(() => undefined);
    }
  });

  /**
   * Cards or lockfiles changed, created or deleted on disk: the stale-suppression verdict of each open configuration
   * that governs one is judged again, debounced and abandoned when a newer change arrives (Validator).
   */
  async function rejudgeSuppressions(changed: string[]): Promise<void> {
    for (const doc of documents.all())
      if (isProjectConfig(doc.uri) && (await staleVerdictMayChange(world, doc.uri, changed))) validator.schedule(doc);
  }

  /** When a card changes, open lockfiles may pin it: re-check them too. */
  function scheduleRelated(uri: string): void {
    const changed = analyses.peek(uri);
    if (changed && changed.kind !== 'card') return;
    for (const doc of documents.all()) {
      if (doc.uri !== uri && analyses.peek(doc.uri)?.kind === 'lockfile') validator.schedule(doc);
    }
  }

  registerHandlers(ctx);
  documents.listen(connection);
  connection.listen();
}

function uriToPath(uri: string): string | undefined {
  try {
    const u = new URL(uri);
    return u.protocol === 'file:' ? decodeURIComponent(u.pathname) : undefined;
  } catch {
    return undefined;
  }
}
