import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { AddToClientSettingCommand, CapabilitiesChangedNotification, type AddToClientSettingArgs } from '../../server/src/protocol';
import { COMMANDS, COMMAND_IDS } from './commands/index';
import { COMMAND_TITLES, NETWORK_COMMANDS } from './commands/ids';
import { RESTART_SETTINGS, addToArraySetting } from './config';
import type { ExtensionServices } from './context';
import { createLanguageClient } from './languageClient';
import { Secrets } from './secrets';
import { CapabilityStatus } from './status';
import { requireTrust } from './trust';
import { CAPABILITIES_VIEW_ID, CapabilitiesTreeProvider } from './views/capabilitiesTree';
import { showError } from './notify';
import { registerLanguageModelTools } from './lmTools';

let client: LanguageClient | undefined;

/** Starts the language server, registers the command table, the tree view and the status item. */
export async function activate(context: vscode.ExtensionContext): Promise<ExtensionServices> {
  const output = vscode.window.createOutputChannel('A2A', { log: true });
  const tree = new CapabilitiesTreeProvider(() => client);
  const status = new CapabilityStatus();
  const refresh = (): void => {
    void tree.refresh(activeA2ADocument()).then((r) => status.show(r));
  };
  const services: ExtensionServices = {
    extension: context,
    output,
    secrets: new Secrets(context.secrets),
    client: () => client,
    refreshCapabilities: refresh,
    isTrusted: () => vscode.workspace.isTrusted,
  };

  context.subscriptions.push(
    output,
    status,
    vscode.window.registerTreeDataProvider(CAPABILITIES_VIEW_ID, tree),
    // Internal (code actions only): "my client implements this binding / extension".
    vscode.commands.registerCommand(AddToClientSettingCommand.id, (...args: AddToClientSettingArgs) => addToArraySetting(...args)),
    ...COMMAND_IDS.map((id) => {
      const handler = COMMANDS[id](services);
      return vscode.commands.registerCommand(id, NETWORK_COMMANDS.has(id) ? requireTrust(COMMAND_TITLES[id], handler) : handler);
    }),
    // Focus moving to a panel or a non-text editor keeps the view on the last document.
    vscode.window.onDidChangeActiveTextEditor((editor) => { if (editor) refresh(); }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void client?.sendNotification('workspace/didChangeConfiguration', { settings: null })),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (RESTART_SETTINGS.some((s) => e.affectsConfiguration(s))) {
        output.appendLine('[client] file patterns changed: restarting the language server');
        await stopClient();
        await startClient(context, output, refresh);
      }
    }),
    // Chat agents' tools over the workspace's cards and lockfiles (answered by the language server).
    ...registerLanguageModelTools(() => client),
    { dispose: () => void stopClient() },
  );

  try {
    await startClient(context, output, refresh);
  } catch (error) {
    // VS Code does not surface activation failures by itself.
    void showError(`A2A: the language server failed to start: ${String(error)}`);
  }
  return services;
}

export async function deactivate(): Promise<void> {
  await stopClient();
}

async function startClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel, refresh: () => void): Promise<void> {
  client = createLanguageClient(context, output);
  await client.start();
  // Re-validation happens per keystroke; the view only needs the state once typing pauses.
  let pending: NodeJS.Timeout | undefined;
  client.onNotification(CapabilitiesChangedNotification.type, ({ uri }) => {
    if (activeA2ADocument()?.toString() !== uri) return;
    clearTimeout(pending);
    pending = setTimeout(refresh, 300);
  });
  refresh();
}

async function stopClient(): Promise<void> {
  const c = client;
  client = undefined;
  if (c?.isRunning()) await c.stop();
}

/** The active editor's document when the server handles it (our languages or a matched JSON file). */
function activeA2ADocument(): vscode.Uri | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (!doc) return undefined;
  return doc.languageId === 'a2a-agent-card' || doc.languageId === 'a2a-lockfile' || doc.languageId === 'json' ? doc.uri : undefined;
}
