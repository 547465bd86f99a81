import * as vscode from 'vscode';
import type { CommandFactory } from './index';

/** Placeholder for a command whose feature is not built yet: says so instead of failing. */
export function notAvailableYet(title: string): CommandFactory {
  return () => () => {
    void vscode.window.showInformationMessage(`A2A: ${title} is not available yet in this version.`);
  };
}
