import { Command, UsageError } from '../io';

/** Placeholder until the command lands. */
export const run: Command = async () => {
  throw new UsageError('pin is not implemented yet');
};
