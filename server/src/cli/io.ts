/** The world as the CLI sees it, injected so commands can be run in-process by tests. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** True when stdout is a terminal (colour allowed unless NO_COLOR is set). */
  isTTY: boolean;
}

/** Exit codes: the contract CI relies on. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/** A failure the user can act on: printed as one line, never with a stack trace. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

export type Command = (argv: string[], io: CliIO) => Promise<number>;

export function nodeIO(): CliIO {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
  };
}

/** Colour only on a TTY and never with NO_COLOR (https://no-color.org). */
export function useColor(io: CliIO): boolean {
  return io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== undefined);
}
