/**
 * The CLI run in process, its output captured: the entry the bundled `a2acap` uses (cli/main.ts), without a child
 * process. Every in-process CLI test goes through here; the tests that spawn server/dist/cli.js test the bundle.
 */
import { runCli } from '../server/src/cli/main';
import type { CliIO, Command } from '../server/src/cli/io';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr as written, interleaved. */
  output: string;
}

export interface CliRunOptions {
  /** Default: this process's working directory. */
  cwd?: string;
  /** The whole environment the CLI sees (nothing of this process's). Default: empty. */
  env?: Record<string, string | undefined>;
  isTTY?: boolean;
  /** A command to run in place of the whole CLI (e.g. cli/commands/check.ts's runCheck, whose usage errors throw). */
  command?: Command;
}

export async function runCliInProcess(argv: string[], options: CliRunOptions = {}): Promise<CliRun> {
  const run: CliRun = { code: -1, stdout: '', stderr: '', output: '' };
  const io: CliIO = {
    stdout: (t) => {
      run.stdout += t;
      run.output += t;
    },
    stderr: (t) => {
      run.stderr += t;
      run.output += t;
    },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    isTTY: options.isTTY ?? false,
  };
  run.code = await (options.command ?? runCli)(argv, io);
  return run;
}
