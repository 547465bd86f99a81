import * as vscode from 'vscode';
import { LockfileWatcher } from '../lockfileWatcher';
import type { CommandFactory } from './types';
import { showWarning } from '../notify';

/**
 * A2A: Check Lockfiles Now. The factory runs once at activation: it also starts the lockfile watcher
 * (schedule, on open), so the watcher lives exactly as long as the extension.
 */
let watcher: LockfileWatcher | undefined;

/** The running watcher (other lockfile commands re-check through it). */
export function lockfileWatcher(): LockfileWatcher | undefined {
  return watcher;
}

export const checkLockfiles: CommandFactory = (services) => {
  watcher?.dispose();
  watcher = new LockfileWatcher(services);
  services.extension.subscriptions.push(watcher);
  watcher.start();
  return async (uriArg?: unknown) => {
    if (!services.isTrusted()) {
      void showWarning('A2A: lockfiles are checked against live agents, which needs a trusted workspace.');
      return [];
    }
    const uris = uriArg instanceof vscode.Uri ? [uriArg] : undefined;
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'A2A: checking lockfiles' }, () => watcher!.check('command', uris));
  };
};
