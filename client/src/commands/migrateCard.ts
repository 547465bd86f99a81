import * as vscode from 'vscode';
import { MigrateCardRequest } from '../../../server/src/protocol';
import type { CommandFactory } from './types';
import { showInfo, showWarning } from '../notify';

/**
 * A2A: Migrate Agent Card to 1.0 — asks the server for the whole-card migration edit of the active
 * (or given) document and applies it. The same edit is offered as a quick fix on `legacy-card-shape`.
 */
export const migrateCard: CommandFactory = (services) => async (uriArg?: unknown) => {
  const client = services.client();
  const uri = uriArg instanceof vscode.Uri ? uriArg : vscode.window.activeTextEditor?.document.uri;
  if (!client || !uri) {
    void showWarning('A2A: open an agent card to migrate.');
    return;
  }
  const result = await client.sendRequest(MigrateCardRequest.type, { uri: uri.toString() });
  if (!result.edit) {
    void showInfo('A2A: this card has no 0.3 shapes to migrate.');
    return;
  }
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(result.edit);
  await vscode.workspace.applyEdit(edit);
  for (const note of result.notes) services.output.appendLine(`[migrate] ${note}`);
  if (result.notes.length) {
    void showInfo(`A2A: card migrated to 1.0 (${result.notes.length} note(s) in the A2A output).`);
  }
};
