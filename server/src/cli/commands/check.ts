import { Command, UsageError } from '../io';

/** Placeholder until the command lands. */
export const run: Command = async () => {
  throw new UsageError('check is not implemented yet');
};
