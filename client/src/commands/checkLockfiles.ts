import * as vscode from 'vscode';
import type { CommandFactory } from './types';

/** A2A: Check Lockfiles Now, through the lockfile watcher extension.ts started (schedule, on open). */
export const checkLockfiles: CommandFactory = (services) => async (uriArg?: unknown) => {
  const uris = uriArg instanceof vscode.Uri ? [uriArg] : undefined;
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'A2A: checking lockfiles' },
    () => services.lockfiles.check('command', uris),
  );
};
