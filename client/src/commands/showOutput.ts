import type { CommandFactory } from './types';

/** A2A: Show Output — reveals the "A2A" output channel (client and server logs). */
export const showOutput: CommandFactory = (services) => () => services.output.show(true);
