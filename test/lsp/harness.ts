/**
 * Drives the REAL bundled language server (`node server/dist/server.js --stdio`) over its stdio with
 * vscode-languageserver-protocol, as any LSP client would. No mocks: tests see exactly what an editor
 * sees. Reusable by other suites: `const s = await startLsp(); await s.open(...); await s.diagnostics(uri)`.
 * Run `npm run build` first (npm test does).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CompletionRequest,
  ConfigurationRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentSymbolRequest,
  ExitNotification,
  FoldingRangeRequest,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
  type CodeAction,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type DocumentSymbol,
  type FoldingRange,
  type Hover,
  type Position,
  type ProtocolConnection,
  type Range,
  type SymbolInformation,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { A2AInitializationOptions, A2ASettings } from '../../server/src/protocol';

export const ROOT = join(__dirname, '..', '..');
export const SERVER = join(ROOT, 'server', 'dist', 'server.js');
const DEFAULT_TIMEOUT_MS = 10_000;

export interface StartOptions {
  /** What the fake editor answers for workspace/configuration section "a2a" (merged over nothing: the server fills defaults). */
  settings?: Partial<A2ASettings> | Record<string, unknown>;
  initializationOptions?: A2AInitializationOptions;
  /** Workspace folder paths (the server looks there for cards that lockfiles pin). */
  workspaceFolders?: string[];
  /** Answer workspace/configuration at all (false: the client lacks the capability). */
  configurationCapability?: boolean;
}

export interface Published {
  version: number | undefined;
  diagnostics: Diagnostic[];
}

export interface LspSession {
  connection: ProtocolConnection;
  child: ChildProcess;
  /** Everything the server wrote to stderr (should stay empty). */
  stderr(): string;
  /** Log messages the server sent (window/logMessage). */
  logs: string[];
  settings: Record<string, unknown>;
  /** How many times the server asked for configuration. */
  configurationRequests(): number;
  documents: Map<string, TextDocument>;
  open(uri: string, languageId: string, text: string): Promise<TextDocument>;
  /** Replaces the whole text (a full-document change) and bumps the version. */
  change(uri: string, text: string): Promise<TextDocument>;
  /** An incremental change (what editors send per keystroke): replaces `range` with `text`, bumps the version. */
  edit(uri: string, range: Range, text: string): Promise<TextDocument>;
  close(uri: string): Promise<void>;
  /** Resolves with the first diagnostics published for `uri` at (at least) the document's current version. */
  diagnostics(uri: string, timeoutMs?: number): Promise<Diagnostic[]>;
  /** Resolves with the latest diagnostics of `uri` once they satisfy `accept` (re-checked on every publication). */
  diagnosticsWhen(uri: string, accept: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  hover(uri: string, position: Position): Promise<Hover | null>;
  completion(uri: string, position: Position): Promise<CompletionItem[]>;
  codeActions(uri: string, range: Range, diagnostics: Diagnostic[]): Promise<CodeAction[]>;
  symbols(uri: string): Promise<DocumentSymbol[]>;
  folding(uri: string): Promise<FoldingRange[]>;
  /** Changes the settings and notifies the server (it re-pulls and re-validates). */
  updateSettings(settings: Record<string, unknown>): Promise<void>;
  /** Pushes settings in didChangeConfiguration ({a2a: settings}), as clients without workspace/configuration do. */
  pushSettings(settings: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

export async function startLsp(options: StartOptions = {}): Promise<LspSession> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const published = new Map<string, Published>();
  const waiters = new Set<() => void>();
  const documents = new Map<string, TextDocument>();
  const logs: string[] = [];
  let configRequests = 0;
  const session: LspSession = {
    connection,
    child,
    stderr: () => stderr,
    logs,
    settings: { ...(options.settings ?? {}) },
    configurationRequests: () => configRequests,
    documents,
    async open(uri, languageId, text) {
      const doc = TextDocument.create(uri, languageId, 1, text);
      documents.set(uri, doc);
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId, version: 1, text },
      });
      return doc;
    },
    async change(uri, text) {
      const old = documents.get(uri);
      if (!old) throw new Error(`${uri} is not open`);
      const doc = TextDocument.create(uri, old.languageId, old.version + 1, text);
      documents.set(uri, doc);
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: doc.version },
        contentChanges: [{ text }],
      });
      return doc;
    },
    async edit(uri, range, text) {
      const old = documents.get(uri);
      if (!old) throw new Error(`${uri} is not open`);
      const doc = TextDocument.update(old, [{ range, text }], old.version + 1);
      documents.set(uri, doc);
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: doc.version },
        contentChanges: [{ range, text }],
      });
      return doc;
    },
    async close(uri) {
      documents.delete(uri);
      await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    },
    diagnostics(uri, timeoutMs = DEFAULT_TIMEOUT_MS) {
      const wanted = documents.get(uri)?.version;
      return waitFor(
        uri,
        (p) => wanted === undefined || p.version === undefined || p.version >= wanted,
        timeoutMs,
        `version ${wanted}`,
      );
    },
    diagnosticsWhen(uri, accept, timeoutMs = DEFAULT_TIMEOUT_MS) {
      return waitFor(uri, (p) => accept(p.diagnostics), timeoutMs, 'the expected content');
    },
    hover: (uri, position) => connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position }),
    async completion(uri, position) {
      const r: CompletionItem[] | CompletionList | null = await connection.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position,
      });
      return !r ? [] : Array.isArray(r) ? r : r.items;
    },
    async codeActions(uri, range, diagnostics) {
      const r = await connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range,
        context: { diagnostics },
      });
      return (r ?? []).filter(
        (a): a is CodeAction => 'title' in a && !('command' in a && typeof a.command === 'string'),
      );
    },
    async symbols(uri) {
      const r: DocumentSymbol[] | SymbolInformation[] | null = await connection.sendRequest(
        DocumentSymbolRequest.type,
        { textDocument: { uri } },
      );
      return (r ?? []) as DocumentSymbol[];
    },
    async folding(uri) {
      return (await connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } })) ?? [];
    },
    async updateSettings(settings) {
      session.settings = settings;
      await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    },
    async pushSettings(settings) {
      session.settings = settings;
      await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { a2a: settings } });
    },
    async stop() {
      try {
        await withTimeout(connection.sendRequest(ShutdownRequest.type), 3000, 'shutdown');
        await connection.sendNotification(ExitNotification.type);
      } catch {
        // fall through to kill
      }
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
        }, 3000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      connection.dispose();
    },
  };

  function waitFor(
    uri: string,
    accept: (p: Published) => boolean,
    timeoutMs: number,
    what: string,
  ): Promise<Diagnostic[]> {
    const ready = () => {
      const p = published.get(uri);
      return p && accept(p) ? p.diagnostics : undefined;
    };
    const now = ready();
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `no diagnostics for ${uri} with ${what} within ${timeoutMs} ms; last: ${JSON.stringify(published.get(uri)?.diagnostics.map((d) => d.code))}${stderr ? `; server stderr: ${stderr}` : ''}`,
          ),
        );
      }, timeoutMs);
      const check = () => {
        const d = ready();
        if (!d) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(d);
      };
      waiters.add(check);
    });
  }

  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.set(p.uri, { version: p.version, diagnostics: p.diagnostics });
    for (const w of [...waiters]) w();
  });
  connection.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
  });
  connection.onNotification('a2a/capabilitiesChanged', () => undefined);
  connection.onRequest(ConfigurationRequest.type, (params) => {
    configRequests++;
    return params.items.map((item) => (item.section === 'a2a' ? session.settings : null));
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();

  const folders = options.workspaceFolders ?? [];
  await withTimeout(
    connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: folders[0] ? pathToFileURL(folders[0]).href : null,
      workspaceFolders: folders.map((f, i) => ({ uri: pathToFileURL(f).href, name: `folder${i}` })),
      capabilities: {
        workspace: {
          configuration: options.configurationCapability !== false,
          didChangeConfiguration: { dynamicRegistration: false },
        },
        textDocument: {
          publishDiagnostics: {
            versionSupport: true,
            codeDescriptionSupport: true,
            dataSupport: true,
            relatedInformation: false,
          },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          completion: { completionItem: { snippetSupport: true } },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          codeAction: {
            codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'source'] } },
            dataSupport: true,
            isPreferredSupport: true,
          },
        },
      },
      initializationOptions: options.initializationOptions ?? { validationDelayMs: 0 },
    }),
    DEFAULT_TIMEOUT_MS,
    'initialize',
  );
  await connection.sendNotification(InitializedNotification.type, {});
  return session;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]);
}

/** Text with a `|` cursor marker → the text without it and the marker's position. */
export function cursor(textWithMarker: string): { text: string; position: Position; offset: number } {
  const offset = textWithMarker.indexOf('|');
  if (offset < 0) throw new Error('no | cursor marker');
  const text = textWithMarker.slice(0, offset) + textWithMarker.slice(offset + 1);
  return { text, offset, position: TextDocument.create('m://x', 'json', 0, text).positionAt(offset) };
}

/** file:// uri for a (possibly non-existent) path under a scratch folder. */
export function fileUri(path: string): string {
  return pathToFileURL(path).href;
}

/** Applies code action edits to a document's text (the way an editor would). */
export function applyAction(doc: TextDocument, action: CodeAction): string {
  const edits = action.edit?.changes?.[doc.uri] ?? [];
  return TextDocument.applyEdits(doc, edits);
}

/** The range of the first occurrence of `needle` (after `from`) in a document. */
export function rangeOf(doc: TextDocument, needle: string, from = 0): Range {
  const i = doc.getText().indexOf(needle, from);
  if (i < 0) throw new Error(`${JSON.stringify(needle)} not found`);
  return { start: doc.positionAt(i), end: doc.positionAt(i + needle.length) };
}
