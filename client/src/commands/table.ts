/**
 * The command table: every command the extension contributes (package.json `contributes.commands`, category "A2A"),
 * with its palette title and whether it touches the network. vscode-free, so tests and the manifest drift checks
 * read it without loading the editor API; index.ts adds each command's factory.
 */
export interface CommandRow {
  readonly id: string;
  /** The palette title package.json contributes, also used in messages about the command. */
  readonly title: string;
  /**
   * Contacts agents over the network. In Restricted Mode (an untrusted workspace) such a command refuses to run,
   * whatever its implementation does: hidden commands can still be invoked, so the gate is in code.
   */
  readonly needsNetwork: boolean;
}

export const COMMAND_TABLE = [
  { id: 'a2a.showOutput', title: 'Show Output', needsNetwork: false },
  { id: 'a2a.refreshCapabilities', title: 'Refresh Capabilities', needsNetwork: false },
  { id: 'a2a.migrateCard', title: 'Migrate Agent Card to 1.0', needsNetwork: false },
  { id: 'a2a.fetchCard', title: 'Fetch Agent Card', needsNetwork: true },
  { id: 'a2a.fetchExtendedCard', title: 'Fetch Extended Card', needsNetwork: true },
  { id: 'a2a.probeAgent', title: 'Probe Agent', needsNetwork: true },
  { id: 'a2a.setCredential', title: 'Set Credential', needsNetwork: false },
  { id: 'a2a.clearCredential', title: 'Clear Credential', needsNetwork: false },
  { id: 'a2a.pinAgent', title: 'Pin Agent', needsNetwork: true },
  { id: 'a2a.checkLockfiles', title: 'Check Lockfiles Now', needsNetwork: true },
  { id: 'a2a.showDiff', title: 'Show Diff', needsNetwork: false },
  { id: 'a2a.updateLockfile', title: 'Update Lockfile', needsNetwork: true },
  { id: 'a2a.createProjectConfig', title: 'Create Project Configuration', needsNetwork: false },
] as const satisfies readonly CommandRow[];

export type CommandId = (typeof COMMAND_TABLE)[number]['id'];

export const COMMAND_IDS: readonly CommandId[] = COMMAND_TABLE.map((c) => c.id);

/** The palette titles, by id. */
export const COMMAND_TITLES = Object.fromEntries(COMMAND_TABLE.map((c) => [c.id, c.title])) as Record<
  CommandId,
  string
>;
