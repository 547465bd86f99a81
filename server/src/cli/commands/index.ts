/**
 * The command table. One file per command; each exports `run: Command` and `help: CommandHelp` (its flags as
 * data, from which its --help and its lines in the `a2acap --help` overview are made; help.ts).
 *
 * A command's module is loaded only when that command runs (or when the overview needs every help): start-up is
 * most of a short CLI run, and the commands between them pull in the MCP SDK, HTTP and gRPC clients, signature
 * and key libraries that `a2acap lint` or `a2acap --version` never use. esbuild defers evaluating a module imported
 * this way until the import runs; the largest libraries (undici, jose, the MCP SDK) are bundles of their own beside
 * the CLI's (scripts/vendorBundles.mjs), so a run that does not need them does not even compile them.
 */
import type { CommandHelp } from '../help';
import type { Command } from '../io';

interface CommandModule {
  run: Command;
  help: CommandHelp;
}

/** In the overview's order; each name is its module's help name (test/cli checks they agree). */
const TABLE: readonly { name: string; load: () => Promise<CommandModule> }[] = [
  { name: 'lint', load: () => import('./lint.js') },
  { name: 'compile', load: () => import('./compile.js') },
  { name: 'check', load: () => import('./check.js') },
  { name: 'fetch', load: () => import('./fetch.js') },
  { name: 'probe', load: () => import('./probe.js') },
  { name: 'pin', load: () => import('./pin.js') },
  { name: 'update', load: () => import('./update.js') },
  { name: 'diff', load: () => import('./diff.js') },
  { name: 'discover', load: () => import('./discover.js') },
  { name: 'mcp', load: () => import('./mcp.js') },
];

export const COMMAND_NAMES: readonly string[] = TABLE.map((c) => c.name);

/** The command called `name`, loaded; undefined for a name that is not a command. */
export async function loadCommand(name: string): Promise<CommandModule | undefined> {
  return TABLE.find((c) => c.name === name)?.load();
}

/** Every command's help, in the overview's order (loads every command). */
export async function commandHelps(): Promise<CommandHelp[]> {
  return Promise.all(TABLE.map(async (c) => (await c.load()).help));
}
