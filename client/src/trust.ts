import * as vscode from 'vscode';
import type { CommandHandler } from './commands/types';
import { showWarning } from './notify';

/**
 * Wraps a network command so that in an untrusted workspace it explains why it does nothing instead
 * of running. Validation, hovers and the tree view keep working in Restricted Mode.
 */
export function requireTrust(title: string, handler: CommandHandler): CommandHandler {
  return (...args: unknown[]) => {
    if (!vscode.workspace.isTrusted) {
      void showWarning(
        `A2A: "${title}" contacts agents over the network and is disabled in Restricted Mode. Trust this workspace to use it.`,
        'Manage Workspace Trust',
      ).then((choice) => {
        if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
      });
      return undefined;
    }
    return handler(...args);
  };
}
