/** Runs the CLI in-process with captured output (the same entry the bundled `a2acap` uses). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCheck } from '../../server/src/cli/commands/check';
import { runCli } from '../../server/src/cli/main';
import type { CliIO } from '../../server/src/cli/io';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The test agents listen on loopback, and a lockfile's agent is a URL from repository content (public addresses
 * only unless the run allows more): these runs grant loopback as a pipeline would, through the environment.
 * Tests of the refusal pass `env` without it.
 */
export const LOOPBACK_ALLOWED: Record<string, string> = { A2ACAP_ALLOW_NETWORK: 'loopback' };

export async function cli(
  argv: string[],
  cwd: string,
  env: Record<string, string | undefined> = LOOPBACK_ALLOWED,
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
    cwd,
    isTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

/** `a2acap check` handed straight to its command (cli/commands/check.ts): usage errors are thrown, not printed. */
export async function checkCli(
  argv: string[],
  cwd: string,
  env: Record<string, string | undefined> = LOOPBACK_ALLOWED,
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env,
    cwd,
    isTTY: false,
  };
  const code = await runCheck(argv, io);
  return { code, stdout, stderr };
}

/** A fresh temporary directory, removed when the test ends. */
export function tempDir(t: { after: (fn: () => void) => void }, prefix = 'a2a-pin-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
