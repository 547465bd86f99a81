import * as vscode from 'vscode';

/** The lockfile a command is about: its argument (a Uri or a URI string) or the active editor's document. */
export function lockfileTarget(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg.startsWith('file:')) return vscode.Uri.parse(arg);
  return vscode.window.activeTextEditor?.document.uri;
}
