import { Command, UsageError } from '../io';

/** Placeholder until the command lands. */
export const run: Command = async () => {
  throw new UsageError('fetch is not implemented yet');
};
