/** The CLI tests' helpers: the CLI run in process (test/cliRunner.ts) with loopback allowed, temporary directories. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCheck } from '../../server/src/cli/commands/check';
import { runCliInProcess, type CliRun } from '../cliRunner';

export type { CliRun };

/**
 * The test agents listen on loopback, and a lockfile's agent is a URL from repository content (public addresses
 * only unless the run allows more): these runs grant loopback as a pipeline would, through the environment.
 * Tests of the refusal pass `env` without it.
 */
export const LOOPBACK_ALLOWED: Record<string, string> = { A2ACAP_ALLOW_NETWORK: 'loopback' };

export function cli(
  argv: string[],
  cwd: string,
  env: Record<string, string | undefined> = LOOPBACK_ALLOWED,
): Promise<CliRun> {
  return runCliInProcess(argv, { cwd, env });
}

/** `a2acap check` handed straight to its command (cli/commands/check.ts): usage errors are thrown, not printed. */
export function checkCli(
  argv: string[],
  cwd: string,
  env: Record<string, string | undefined> = LOOPBACK_ALLOWED,
): Promise<CliRun> {
  return runCliInProcess(argv, { cwd, env, command: runCheck });
}

/** A fresh temporary directory, removed when the test ends. */
export function tempDir(t: { after: (fn: () => void) => void }, prefix = 'a2a-pin-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
