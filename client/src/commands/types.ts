/** What a command is: a factory that takes the extension's services and gives the handler VS Code calls. */
import type { ExtensionServices } from '../context';

export type CommandHandler = (...args: unknown[]) => unknown;
export type CommandFactory = (services: ExtensionServices) => CommandHandler;
