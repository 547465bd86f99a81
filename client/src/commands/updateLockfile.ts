import * as vscode from 'vscode';
import { LockfileDiffRequest, UpdateLockfileRequest } from '../../../server/src/protocol';
import type { CommandFactory } from './types';
import { lockfileTarget } from './lockfileTarget';
import { showError, showInfo, showWarning } from '../notify';

/**
 * A2A: Update Lockfile — re-pins a lockfile's selection against the agent's current card, after the
 * user has seen what changed (a modal with the profile diff; "Show diff" opens it side by side).
 * A breaking change cannot be updated away: the agent no longer offers what the workflow needs.
 */
export const updateLockfile: CommandFactory = (services) => async (uriArg?: unknown) => {
  const lock = lockfileTarget(uriArg);
  const client = services.client();
  if (!lock || !client) {
    void showWarning('A2A: open a lockfile to update.');
    return;
  }
  const name = vscode.workspace.asRelativePath(lock);
  const diff = await client.sendRequest(LockfileDiffRequest.type, { uri: lock.toString() });
  if (diff.error) {
    void showError(`A2A: cannot update ${name}: ${diff.error}`);
    return;
  }
  if (!diff.pending) {
    if (diff.verdict === 'breaking') {
      void showError(
        `A2A: ${name} cannot be updated: the agent no longer offers what it pins. Pin a new selection ("A2A: Pin Agent").`,
      );
    } else {
      void showInfo(`A2A: ${name} is up to date.`);
    }
    return;
  }
  const choice = await showWarning(
    `Update ${name}?`,
    { modal: true, detail: diff.diff || 'Only the card digest changed.' },
    'Update',
    'Show diff',
  );
  if (choice === 'Show diff') {
    await vscode.commands.executeCommand('a2a.showDiff', lock);
    return;
  }
  if (choice !== 'Update') return;
  const result = await client.sendRequest(UpdateLockfileRequest.type, { uri: lock.toString() });
  if (result.error) {
    void showError(`A2A: ${result.error}`);
    return;
  }
  void showInfo(`A2A: ${name} ${result.written ? 'updated' : 'was already up to date'}.`);
  await services.lockfiles.check('update', [lock]);
};
