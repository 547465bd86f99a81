// Helpers over the real VS Code API for the examples/ workspace copy the suite opens.
import * as vscode from 'vscode';
import { waitFor } from './harness';

export const EXTENSION_ID = 'a2a-capabilities.a2a-capabilities';

export function exampleUri(relative: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, ...relative.split('/'));
}

export async function openExample(relative: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(exampleUri(relative));
  return vscode.window.showTextDocument(doc);
}

/** VS Code turns `code` + `codeDescription` into `{ value, target }`; the rule id is the value either way. */
export function codeOf(d: vscode.Diagnostic): string | undefined {
  if (d.code === undefined) return undefined;
  return typeof d.code === 'object' ? String(d.code.value) : String(d.code);
}

export function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'a2a');
}

/** Waits until our server published at least one diagnostic for `uri` that satisfies `accept`. */
export function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (all: vscode.Diagnostic[]) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<vscode.Diagnostic[]> {
  return waitFor(
    what,
    () => {
      const all = ours(uri);
      return accept(all) ? all : undefined;
    },
    timeoutMs,
  );
}

export function offsetPosition(doc: vscode.TextDocument, needle: string, nth = 0): vscode.Position {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = doc.getText().indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" not found in ${doc.uri.path}`);
  }
  return doc.positionAt(at + Math.floor(needle.length / 2));
}

export const severityName: Record<vscode.DiagnosticSeverity, string> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

export function describe(doc: vscode.TextDocument, ds: vscode.Diagnostic[]): string {
  return (
    ds
      .map((d) => `${codeOf(d)} [${severityName[d.severity]}] ${JSON.stringify(doc.getText(d.range))}: ${d.message}`)
      .join('\n') || '(none)'
  );
}
