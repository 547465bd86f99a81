/**
 * `--allow-network CLASSES` (check, probe, update): what URLs taken from repository content (a lockfile's `agent`)
 * may reach beyond public addresses in this run. The pipeline grants it, with the flag or with the environment
 * variable A2ACAP_ALLOW_NETWORK, never a repository file: a pull request that adds a lockfile pinning
 * http://10.0.0.1/ must not make the CI runner call into its private network. Both forms add up; link-local and
 * metadata addresses stay refused whatever is granted (core/net/policy.ts).
 */
import { ALLOW_NETWORK_ENV, mergeAllowances, parseNetworkAllowance } from '../core/net/allowance';
import type { NetworkAllowance } from '../core/net/policy';
import { UsageError, type CliIO } from './io';

export const NETWORK_FLAGS = { 'allow-network': { type: 'string', multiple: true } } as const;

/** The help line every command with the flag prints. */
export const ALLOW_NETWORK_HELP = `--allow-network loopback,private (or ${ALLOW_NETWORK_ENV}): a lockfile's agent may also be a loopback or
private address (default: public addresses only; link-local and metadata addresses never).`;

/** The run's allowance: every --allow-network value and the environment variable, each parsed strictly. */
export function networkAllowance(flags: { 'allow-network': readonly string[] }, io: Pick<CliIO, 'env'>): NetworkAllowance {
  const grants: NetworkAllowance[] = [];
  for (const value of flags['allow-network']) grants.push(parsed(value, '--allow-network'));
  const env = io.env[ALLOW_NETWORK_ENV];
  if (env !== undefined) grants.push(parsed(env, ALLOW_NETWORK_ENV));
  return mergeAllowances(...grants);
}

function parsed(text: string, source: string): NetworkAllowance {
  const result = parseNetworkAllowance(text);
  if (!result.ok) throw new UsageError(`${source}: ${result.error}`);
  return result.allow;
}
