/**
 * The command table: every command id of package.json `contributes.commands` maps to a factory.
 * All commands are always registered (a missing feature says so instead of "command not found").
 * To implement one: add client/src/commands/<name>.ts exporting a CommandFactory and replace its
 * `notAvailableYet(...)` entry below (one line per command keeps parallel edits apart).
 */
import type { ExtensionServices } from '../context';
import { COMMAND_IDS, type CommandId } from './ids';
import { notAvailableYet } from './notAvailableYet';
import { showOutput } from './showOutput';
import { refreshCapabilities } from './refreshCapabilities';
import { migrateCard } from './migrateCard';

export type CommandHandler = (...args: unknown[]) => unknown;
export type CommandFactory = (services: ExtensionServices) => CommandHandler;

export { COMMAND_IDS, type CommandId };

export const COMMANDS: Record<CommandId, CommandFactory> = {
  'a2a.showOutput': showOutput,
  'a2a.refreshCapabilities': refreshCapabilities,
  'a2a.migrateCard': migrateCard,
  'a2a.fetchCard': notAvailableYet('Fetch Agent Card'),
  'a2a.fetchExtendedCard': notAvailableYet('Fetch Extended Card'),
  'a2a.probeAgent': notAvailableYet('Probe Agent'),
  'a2a.setCredential': notAvailableYet('Set Credential'),
  'a2a.clearCredential': notAvailableYet('Clear Credential'),
  'a2a.pinAgent': notAvailableYet('Pin Agent'),
  'a2a.checkLockfiles': notAvailableYet('Check Lockfiles Now'),
  'a2a.showDiff': notAvailableYet('Show Diff'),
  'a2a.updateLockfile': notAvailableYet('Update Lockfile'),
};
