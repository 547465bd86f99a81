import { Command, UsageError } from '../io';

/** Placeholder until the command lands. */
export const run: Command = async () => {
  throw new UsageError('compile is not implemented yet');
};
