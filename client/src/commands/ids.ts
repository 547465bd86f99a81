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
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];
