import type { CommandFactory } from './types';

/** A2A: Refresh Capabilities — re-reads the compiled profile of the active document. */
export const refreshCapabilities: CommandFactory = (services) => () => services.refreshCapabilities();
