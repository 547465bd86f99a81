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
import { pinAgent } from './pinAgent';
import { checkLockfiles } from './checkLockfiles';
import { showDiff } from './showDiff';
import { updateLockfile } from './updateLockfile';

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
  'a2a.pinAgent': pinAgent,
  'a2a.checkLockfiles': checkLockfiles,
  'a2a.showDiff': showDiff,
  'a2a.updateLockfile': updateLockfile,
};
