/**
 * The command table: every command id of package.json `contributes.commands` maps to a factory (the Record type
 * makes a missing one a compile error). One file per command under client/src/commands/.
 */
import type { CommandFactory } from './types';
import { COMMAND_IDS, type CommandId } from './ids';
import { showOutput } from './showOutput';
import { refreshCapabilities } from './refreshCapabilities';
import { migrateCard } from './migrateCard';
import { pinAgent } from './pinAgent';
import { checkLockfiles } from './checkLockfiles';
import { showDiff } from './showDiff';
import { updateLockfile } from './updateLockfile';
import { fetchCard, fetchExtendedCard } from './fetchCard';
import { probeAgent } from './probeAgent';
import { clearCredential, setCredential } from './credentials';
import { createProjectConfig } from './createProjectConfig';

export type { CommandFactory, CommandHandler } from './types';

export { COMMAND_IDS, type CommandId };

export const COMMANDS: Record<CommandId, CommandFactory> = {
  'a2a.showOutput': showOutput,
  'a2a.refreshCapabilities': refreshCapabilities,
  'a2a.migrateCard': migrateCard,
  'a2a.fetchCard': fetchCard,
  'a2a.fetchExtendedCard': fetchExtendedCard,
  'a2a.probeAgent': probeAgent,
  'a2a.setCredential': setCredential,
  'a2a.clearCredential': clearCredential,
  'a2a.pinAgent': pinAgent,
  'a2a.checkLockfiles': checkLockfiles,
  'a2a.showDiff': showDiff,
  'a2a.updateLockfile': updateLockfile,
  'a2a.createProjectConfig': createProjectConfig,
};
