/** The shape of a command implementation, shared by the command files and the table that registers them. */
import type { ExtensionServices } from '../context';

export type CommandHandler = (...args: unknown[]) => unknown;
export type CommandFactory = (services: ExtensionServices) => CommandHandler;
