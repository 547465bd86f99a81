import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { Secrets } from './secrets';

/**
 * What every command, view and status item may use. Built once in extension.ts; commands get it
 * through their factory so they never reach for module-level state.
 */
export interface ExtensionServices {
  extension: vscode.ExtensionContext;
  output: vscode.LogOutputChannel;
  secrets: Secrets;
  /** The running language client, or undefined while it is (re)starting. */
  client(): LanguageClient | undefined;
  /** Re-reads the capabilities of the active document (tree view + status). */
  refreshCapabilities(): void;
  /** False in Restricted Mode: commands that touch the network must refuse. */
  isTrusted(): boolean;
}
