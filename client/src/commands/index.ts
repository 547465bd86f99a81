/**
 * The command table: every command id of package.json `contributes.commands` maps to a factory.
 * All commands are always registered (a missing feature says so instead of "command not found").
 * To implement one: add client/src/commands/<name>.ts exporting a CommandFactory and replace its
 * `notAvailableYet(...)` entry below (one line per command keeps parallel edits apart).
 */
import type { ExtensionServices } from '../context';
import { notAvailableYet } from './notAvailableYet';
import { showOutput } from './showOutput';
import { refreshCapabilities } from './refreshCapabilities';
import { migrateCard } from './migrateCard';

export type CommandHandler = (...args: unknown[]) => unknown;
export type CommandFactory = (services: ExtensionServices) => CommandHandler;

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
