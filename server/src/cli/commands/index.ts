/** The command table. One file per command; each exports `run: Command`. */
import type { Command } from '../io';
import { run as lint } from './lint';
import { run as compile } from './compile';
import { run as check } from './check';
import { run as fetch } from './fetch';
import { run as probe } from './probe';
import { run as pin } from './pin';
import { run as update } from './update';
import { run as mcp } from './mcp';

export const commands: Record<string, Command> = { lint, compile, check, fetch, probe, pin, update, mcp };
