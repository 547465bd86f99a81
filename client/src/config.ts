import * as vscode from 'vscode';
import {
  DEFAULT_SETTINGS,
  type A2ASettings,
  type AddToClientSettingArgs,
  type SetBooleanSettingArgs,
} from '../../server/src/protocol';

/**
 * The typed settings contract the server pulls through `workspace/configuration`; the trust state
 * travels with it so the server knows whether it may touch the network. (The lockfile watcher reads its
 * two settings, a2a.lockfiles.checkInterval and a2a.files.lockfiles, directly.)
 */
export function readSettings(scope?: vscode.Uri): A2ASettings {
  const c = vscode.workspace.getConfiguration('a2a', scope);
  const d = DEFAULT_SETTINGS;
  return {
    client: {
      bindings: c.get<string[]>('client.bindings', d.client.bindings),
      knownExtensions: c.get<string[]>('client.knownExtensions', d.client.knownExtensions),
    },
    rules: c.get<A2ASettings['rules']>('rules', d.rules),
    maxCardBytes: c.get<number>('maxCardBytes', d.maxCardBytes),
    card: {
      internalOnly: c.get<boolean>('card.internalOnly', d.card.internalOnly),
      skillDescription: {
        minLength: c.get<number>('card.skillDescription.minLength', d.card.skillDescription.minLength),
        maxLength: c.get<number>('card.skillDescription.maxLength', d.card.skillDescription.maxLength),
      },
    },
    files: {
      agentCards: c.get<string[]>('files.agentCards', d.files.agentCards),
      catalogs: c.get<string[]>('files.catalogs', d.files.catalogs),
      lockfiles: c.get<string[]>('files.lockfiles', d.files.lockfiles),
    },
    network: {
      allowedHosts: c.get<string[]>('network.allowedHosts', d.network.allowedHosts),
      allowFromWorkspace: c.get<A2ASettings['network']['allowFromWorkspace']>(
        'network.allowFromWorkspace',
        d.network.allowFromWorkspace,
      ),
    },
    lockfiles: {
      checkInterval: c.get<A2ASettings['lockfiles']['checkInterval']>(
        'lockfiles.checkInterval',
        d.lockfiles.checkInterval,
      ),
    },
    signatures: {
      policy: c.get<A2ASettings['signatures']['policy']>('signatures.policy', d.signatures.policy),
      require: c.get<boolean>('signatures.require', d.signatures.require),
    },
    trustStore: c.get<A2ASettings['trustStore']>('trustStore', d.trustStore),
    workspaceTrusted: vscode.workspace.isTrusted,
    // The user's own rule severities, told apart from the workspace's: in Restricted Mode only these may lower a
    // rule that protects the reader (the server decides; core/config/restrictedRules.ts).
    userRules: c.inspect<A2ASettings['rules']>('rules')?.globalValue ?? {},
  };
}

/** Settings whose change needs a new document selector, i.e. a language client restart. */
export const RESTART_SETTINGS = ['a2a.files.agentCards', 'a2a.files.lockfiles', 'a2a.files.catalogs'];

/**
 * Appends a value to an array setting (`a2a.client.bindings` / `a2a.client.knownExtensions`): in the
 * workspace settings when a folder is open, else the user's. No duplicates.
 */
export async function addToArraySetting(setting: AddToClientSettingArgs[0], value: string): Promise<void> {
  const c = vscode.workspace.getConfiguration('a2a');
  const current = c.get<string[]>(setting, []);
  if (current.includes(value)) return;
  const target = vscode.workspace.workspaceFolders?.length
    ? vscode.ConfigurationTarget.Workspace
    : vscode.ConfigurationTarget.Global;
  await c.update(setting, [...current, value], target);
}

/**
 * Sets a boolean setting (`a2a.card.internalOnly`) for the document at `uri`: in its workspace folder's settings,
 * so other folders keep their own; the workspace's when the document is in no folder, the user's when none is open.
 */
export async function setBooleanSetting(...[setting, value, uri]: SetBooleanSettingArgs): Promise<void> {
  if (setting !== 'card.internalOnly' || typeof value !== 'boolean') return;
  let scope: vscode.Uri | undefined;
  try {
    scope = vscode.Uri.parse(uri, true);
  } catch {
    scope = undefined;
  }
  const folder = scope && vscode.workspace.getWorkspaceFolder(scope);
  const c = vscode.workspace.getConfiguration('a2a', folder ? folder.uri : scope);
  const target = folder
    ? vscode.ConfigurationTarget.WorkspaceFolder
    : vscode.workspace.workspaceFolders?.length
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
  await c.update(setting, value, target);
}
