/**
 * The command table. One file per command; each exports `run: Command` and `help: CommandHelp` (its flags as
 * data, from which its --help and its lines in the `a2acap --help` overview are made; help.ts).
 */
import type { CommandHelp } from '../help';
import type { Command } from '../io';
import { help as lintHelp, run as lint } from './lint';
import { help as compileHelp, run as compile } from './compile';
import { help as checkHelp, run as check } from './check';
import { help as fetchHelp, run as fetch } from './fetch';
import { help as probeHelp, run as probe } from './probe';
import { help as pinHelp, run as pin } from './pin';
import { help as updateHelp, run as update } from './update';
import { help as mcpHelp, run as mcp } from './mcp';

/** In the overview's order; a command's name is its help's. */
const TABLE: readonly { run: Command; help: CommandHelp }[] = [
  { run: lint, help: lintHelp },
  { run: compile, help: compileHelp },
  { run: check, help: checkHelp },
  { run: fetch, help: fetchHelp },
  { run: probe, help: probeHelp },
  { run: pin, help: pinHelp },
  { run: update, help: updateHelp },
  { run: mcp, help: mcpHelp },
];

export const commands: Record<string, Command> = Object.fromEntries(TABLE.map((c) => [c.help.name, c.run]));

/** Each command's help, in the overview's order. */
export const commandHelps: readonly CommandHelp[] = TABLE.map((c) => c.help);
