import * as vscode from 'vscode';
import { LockfileDiffRequest } from '../../../server/src/protocol';
import type { CommandFactory } from './types';
import { lockfileTarget } from './lockfileTarget';
import { showError, showWarning } from '../notify';

/** Virtual read-only documents holding the two sides of a diff. */
const SCHEME = 'a2a-profile';

class ProfileDocuments implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  set(uri: vscode.Uri, text: string): void {
    this.contents.set(uri.toString(), text);
  }
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }
}

/**
 * A2A: Show Diff — the pinned and the current COMPILED profile of a lockfile's agent side by side
 * (both reduced to what the lockfile records; never raw card JSON), in VS Code's diff editor.
 */
export const showDiff: CommandFactory = (services) => {
  const documents = new ProfileDocuments();
  services.extension.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents));
  let counter = 0;
  return async (uriArg?: unknown) => {
    const lock = lockfileTarget(uriArg);
    const client = services.client();
    if (!lock || !client) {
      void showWarning('A2A: open a lockfile to compare it with its agent.');
      return;
    }
    if (!services.isTrusted()) {
      void showWarning('A2A: comparing with the live agent needs a trusted workspace.');
      return;
    }
    const result = await client.sendRequest(LockfileDiffRequest.type, { uri: lock.toString() });
    if (result.error) {
      void showError(`A2A: cannot compare ${vscode.workspace.asRelativePath(lock)}: ${result.error}`);
      return;
    }
    const name = lock.path.slice(lock.path.lastIndexOf('/') + 1);
    const id = ++counter;
    // Named *.profile.json: plain JSON, so the lockfile/card patterns (and their validation) do not apply.
    const shown = `${name.replace(/\.json$/i, '')}.profile.json`;
    const left = vscode.Uri.from({ scheme: SCHEME, path: `/pinned/${shown}`, query: String(id) });
    const right = vscode.Uri.from({ scheme: SCHEME, path: `/current/${shown}`, query: String(id) });
    documents.set(left, result.pinned);
    documents.set(right, result.current);
    await vscode.commands.executeCommand(
      'vscode.diff',
      left,
      right,
      `${name}: pinned ↔ current profile (${result.verdict ?? 'unknown'})`,
      { preview: true },
    );
    return result;
  };
};
