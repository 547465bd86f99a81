/**
 * The commands as the extension registers them: each row of the command table (table.ts) with its factory. The
 * Record type makes a command without a factory a compile error. One file per command under client/src/commands/.
 */
import { COMMAND_TABLE, type CommandId, type CommandRow } from './table';
import type { CommandFactory } from './types';
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

export interface Command extends CommandRow {
  readonly factory: CommandFactory;
}

const FACTORIES: Record<CommandId, CommandFactory> = {
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

export const COMMANDS: readonly Command[] = COMMAND_TABLE.map((row) => ({ ...row, factory: FACTORIES[row.id] }));
