import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  AddToClientSettingCommand,
  CapabilitiesChangedNotification,
  SetBooleanSettingCommand,
  type AddToClientSettingArgs,
  type SetBooleanSettingArgs,
} from '../../server/src/protocol';
import { COMMANDS } from './commands/index';
import { RESTART_SETTINGS, addToArraySetting, setBooleanSetting } from './config';
import type { ExtensionServices } from './context';
import { createLanguageClient } from './languageClient';
import { LockfileWatcher } from './lockfileWatcher';
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
  const isTrusted = (): boolean => vscode.workspace.isTrusted;
  // The watcher checks the workspace's lockfiles on a schedule and on open, for as long as the extension lives.
  const lockfiles = new LockfileWatcher({ client: () => client, isTrusted });
  const services: ExtensionServices = {
    extension: context,
    output,
    secrets: new Secrets(context.secrets),
    client: () => client,
    refreshCapabilities: refresh,
    isTrusted,
    lockfiles,
  };

  context.subscriptions.push(
    output,
    status,
    lockfiles,
    vscode.window.registerTreeDataProvider(CAPABILITIES_VIEW_ID, tree),
    // Internal (code actions only): "my client implements this binding / extension".
    vscode.commands.registerCommand(AddToClientSettingCommand.id, (...args: AddToClientSettingArgs) =>
      addToArraySetting(...args),
    ),
    // Internal (code actions only): "these cards are served only inside our network".
    vscode.commands.registerCommand(SetBooleanSettingCommand.id, (...args: SetBooleanSettingArgs) =>
      setBooleanSetting(...args),
    ),
    ...COMMANDS.map((command) => {
      const handler = command.factory(services);
      return vscode.commands.registerCommand(
        command.id,
        command.needsNetwork ? requireTrust(command.title, handler) : handler,
      );
    }),
    // Focus moving to a panel or a non-text editor keeps the view on the last document.
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor) refresh();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(
      () => void client?.sendNotification('workspace/didChangeConfiguration', { settings: null }),
    ),
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
  lockfiles.start();

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

async function startClient(
  context: vscode.ExtensionContext,
  output: vscode.LogOutputChannel,
  refresh: () => void,
): Promise<void> {
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
  return ['a2a-agent-card', 'a2a-lockfile', 'a2a-ai-catalog', 'json'].includes(doc.languageId) ? doc.uri : undefined;
}
