import * as vscode from 'vscode';
import { projectConfigText } from '../projectConfigText';
import type { CommandFactory } from './types';
import { showInfo, showWarning } from '../notify';

/**
 * A2A: Create Project Configuration — writes `.a2a/config.json` in a workspace folder from that folder's `a2a.*`
 * settings (client, rules, size limit), so `a2acap` in CI compiles and lints as this editor does; opens the file.
 * An existing file is opened, never overwritten.
 */
export const createProjectConfig: CommandFactory = () => async () => {
  const folder = await pickFolder();
  if (!folder) {
    void showWarning('A2A: open a folder first: the project configuration lives in it (.a2a/config.json).');
    return;
  }
  const target = vscode.Uri.joinPath(folder.uri, '.a2a', 'config.json');
  if (await exists(target)) {
    await vscode.window.showTextDocument(target, { preview: false });
    void showInfo('A2A: this folder already has a project configuration; it was opened, not changed.');
    return;
  }
  const a2a = vscode.workspace.getConfiguration('a2a', folder.uri);
  const text = projectConfigText({
    bindings: a2a.get<string[]>('client.bindings') ?? [],
    knownExtensions: a2a.get<string[]>('client.knownExtensions') ?? [],
    rules: a2a.get<Record<string, string>>('rules') ?? {},
    maxCardBytes: a2a.get<number>('maxCardBytes') ?? 1048576,
  });
  await vscode.workspace.fs.writeFile(target, Buffer.from(text, 'utf8'));
  await vscode.window.showTextDocument(target, { preview: false });
  void showInfo(
    "A2A: wrote .a2a/config.json from this folder's settings; commit it so a2acap in CI uses the same client and rules.",
  );
};

async function pickFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: 'Folder to write .a2a/config.json in' });
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
