import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
  type DocumentSelector,
} from 'vscode-languageclient/node';
import { readSettings } from './config';

export const LANGUAGE_IDS = ['a2a-agent-card', 'a2a-lockfile', 'a2a-ai-catalog'] as const;

/**
 * Our languages, plus plain JSON files matching the configured patterns, and the project configuration (the server
 * shows its stale `ignore` entries).
 */
export function documentSelector(): DocumentSelector {
  const { files } = readSettings();
  return [
    ...LANGUAGE_IDS.map((language) => ({ language })),
    ...[...files.agentCards, ...files.lockfiles, ...files.catalogs].map((pattern) => ({ language: 'json', pattern })),
    { language: 'json', pattern: '**/.a2a/config.json' },
  ];
}

/**
 * Creates (does not start) the client for the bundled server. Settings requests from the server
 * are answered by config.ts, per scope, so the server never interprets raw VS Code settings.
 */
export function createLanguageClient(
  context: vscode.ExtensionContext,
  output: vscode.LogOutputChannel,
): LanguageClient {
  const module = context.asAbsolutePath('server/dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(),
    outputChannel: output,
    // configurationSection: a change to any a2a.* setting (rule severities, client bindings…) is notified to the
    // server, which drops its settings cache and re-validates the open documents (it then pulls fresh values).
    // fileEvents: cards on disk that lockfiles pin; when one changes, the server re-checks the open lockfiles.
    synchronize: { configurationSection: 'a2a', fileEvents: vscode.workspace.createFileSystemWatcher('**/*.json') },
    traceOutputChannel: output,
    middleware: {
      workspace: {
        configuration: (params) =>
          params.items.map((item) =>
            item.section === 'a2a' || item.section === undefined
              ? readSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined)
              : null,
          ),
      },
    },
  };
  return new LanguageClient('a2a', 'A2A Language Server', serverOptions, clientOptions);
}
