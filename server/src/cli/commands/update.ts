import { Command, UsageError } from '../io';

/** Placeholder until the command lands. */
export const run: Command = async () => {
  throw new UsageError('update is not implemented yet');
};
