import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { LockfileCheckEntry } from '../../server/src/protocol';
import type { Secrets } from './secrets';

export type CheckReason = 'schedule' | 'open' | 'command' | 'stale' | 'update';

/** The workspace's lockfile checks (lockfileWatcher.ts); lockfile commands check and re-check through them. */
export interface LockfileChecks {
  /** Checks the given lockfiles (default: all in the workspace). Returns the results, [] when nothing ran. */
  check(reason: CheckReason, uris?: vscode.Uri[]): Promise<LockfileCheckEntry[]>;
}

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
  /** Created and started in extension.ts; it lives as long as the extension. */
  lockfiles: LockfileChecks;
}
