/**
 * Every command id the extension contributes (package.json `contributes.commands`), in one
 * vscode-free module so tests and other code can read the list without loading the editor API.
 */
export const COMMAND_IDS = [
  'a2a.showOutput',
  'a2a.refreshCapabilities',
  'a2a.migrateCard',
  'a2a.fetchCard',
  'a2a.fetchExtendedCard',
  'a2a.probeAgent',
  'a2a.setCredential',
  'a2a.clearCredential',
  'a2a.pinAgent',
  'a2a.checkLockfiles',
  'a2a.showDiff',
  'a2a.updateLockfile',
  'a2a.createProjectConfig',
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

/** The titles package.json contributes (category "A2A"), for messages about a command. */
export const COMMAND_TITLES: Record<CommandId, string> = {
  'a2a.showOutput': 'Show Output',
  'a2a.refreshCapabilities': 'Refresh Capabilities',
  'a2a.migrateCard': 'Migrate Agent Card to 1.0',
  'a2a.fetchCard': 'Fetch Agent Card',
  'a2a.fetchExtendedCard': 'Fetch Extended Card',
  'a2a.probeAgent': 'Probe Agent',
  'a2a.setCredential': 'Set Credential',
  'a2a.clearCredential': 'Clear Credential',
  'a2a.pinAgent': 'Pin Agent',
  'a2a.checkLockfiles': 'Check Lockfiles Now',
  'a2a.showDiff': 'Show Diff',
  'a2a.updateLockfile': 'Update Lockfile',
  'a2a.createProjectConfig': 'Create Project Configuration',
};

/**
 * Commands that touch the network. In Restricted Mode (an untrusted workspace) they refuse to run,
 * whatever their implementation does: hidden commands can still be invoked, so the gate is in code.
 */
export const NETWORK_COMMANDS: ReadonlySet<CommandId> = new Set<CommandId>([
  'a2a.fetchCard',
  'a2a.fetchExtendedCard',
  'a2a.probeAgent',
  'a2a.pinAgent',
  'a2a.checkLockfiles',
  'a2a.updateLockfile',
]);
