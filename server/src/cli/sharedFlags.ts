/**
 * The flags several commands share, with what they mean: the client's bindings and limits (compile, check), the
 * credential from the environment (fetch, probe) and the network allowance (check, probe, update).
 */
import { ALLOW_NETWORK_ENV, mergeAllowances, parseNetworkAllowance } from '../core/net/allowance';
import type { NetworkAllowance } from '../core/net/policy';
import type { Credential } from '../core/fetch/credentials';
import { UsageError, type CliIO } from './io';

/** What the client supports (compile, check). */
export const CLIENT_FLAGS = {
  binding: { type: 'string', multiple: true },
  'known-extension': { type: 'string', multiple: true },
  'max-card-bytes': { type: 'string' },
  config: { type: 'string' },
} as const;

/** A credential named by its environment variable, never given on the command line (fetch, probe). */
export const CREDENTIAL_FLAGS = {
  'credential-env': { type: 'string' },
  'credential-scheme': { type: 'string' },
} as const;

/**
 * `--allow-network CLASSES` (check, probe, update): what URLs taken from repository content (a lockfile's `agent`)
 * may reach beyond public addresses in this run. The pipeline grants it, with the flag or with the environment
 * variable A2ACAP_ALLOW_NETWORK, never a repository file: a pull request that adds a lockfile pinning
 * http://10.0.0.1/ must not make the CI runner call into its private network. Both forms add up; link-local and
 * metadata addresses stay refused whatever is granted (core/net/policy.ts).
 */
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

/**
 * A credential (bearer token or API key) from the environment variable the user named, never from argv; for the
 * scheme named by --credential-scheme, else the first the card declares that a credential can be sent for.
 */
export function credentialFromEnv(varName: string | undefined, io: CliIO, scheme?: string): Credential | undefined {
  if (varName === undefined) {
    if (scheme !== undefined) throw new UsageError('--credential-scheme needs --credential-env VAR (the credential itself)');
    return undefined;
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(varName)) throw new UsageError('--credential-env expects the NAME of an environment variable (letters, digits, _); never pass a token on the command line');
  const token = io.env[varName];
  if (!token || !token.trim()) throw new UsageError(`--credential-env ${varName}: the environment variable is not set or empty`);
  // A line break or control character would split the header it goes in: refused before anything is sent.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(token.trim())) throw new UsageError(`--credential-env ${varName}: the credential contains a line break or control character, so it cannot be sent in a header; set the variable to the token alone`);
  return { token: token.trim(), ...(scheme !== undefined ? { scheme } : {}) };
}
