/**
 * The flags several commands share, with what they mean: the client's bindings and limits (compile, check), the
 * credential from the environment (fetch, probe), the network allowance (check, probe, update) and the project
 * configuration (every command that compiles cards). Each is a FlagDef (help.ts): how it parses, the value its
 * usage shows, and its help line where it has one of its own.
 */
import { ALLOW_NETWORK_ENV, mergeAllowances, parseNetworkAllowance } from '../app/settings';
import type { NetworkAllowance } from '../core/net/policy';
import type { Credential } from '../core/fetch/credentials';
import type { FlagDef } from './help';
import { UsageError, type CliIO } from './io';
import { SIGNATURE_POLICY_NAMES } from '../app/live';

/** The project configuration (.a2a/config.json) to use instead of the nearest one: every command that compiles cards. */
export const CONFIG_FLAG = { config: { type: 'string', value: 'FILE' } } as const satisfies Record<string, FlagDef>;

/** What the client supports (compile, check). */
export const CLIENT_FLAGS = {
  binding: { type: 'string', multiple: true, value: 'BINDING@VERSION' },
  'known-extension': { type: 'string', multiple: true, value: 'URI' },
  'max-card-bytes': { type: 'string', value: 'N' },
  ...CONFIG_FLAG,
} as const satisfies Record<string, FlagDef>;

/** A credential named by its environment variable, never given on the command line (fetch, probe). */
export const CREDENTIAL_FLAGS = {
  'credential-env': { type: 'string', value: 'VAR' },
  'credential-scheme': { type: 'string', value: 'NAME' },
} as const satisfies Record<string, FlagDef>;

/**
 * `--allow-network CLASSES` (check, probe, update): what URLs taken from repository content (a lockfile's `agent`)
 * may reach beyond public addresses in this run. The pipeline grants it, with the flag or with the environment
 * variable A2ACAP_ALLOW_NETWORK, never a repository file: a pull request that adds a lockfile pinning
 * http://10.0.0.1/ must not make the CI runner call into its private network. Both forms add up; link-local and
 * metadata addresses stay refused whatever is granted (core/net/policy.ts).
 */
export const NETWORK_FLAGS = {
  'allow-network': {
    type: 'string',
    multiple: true,
    value: 'CLASSES',
    shownOnce: true,
    help: `--allow-network loopback,private (or ${ALLOW_NETWORK_ENV}): a lockfile's agent may also be a loopback or
private address (default: public addresses only; link-local and metadata addresses never).`,
  },
} as const satisfies Record<string, FlagDef>;

/** The run's allowance: every --allow-network value and the environment variable, each parsed strictly. */
export function networkAllowance(
  flags: { 'allow-network': readonly string[] },
  io: Pick<CliIO, 'env'>,
): NetworkAllowance {
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
    if (scheme !== undefined)
      throw new UsageError('--credential-scheme needs --credential-env VAR (the credential itself)');
    return undefined;
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(varName))
    throw new UsageError(
      '--credential-env expects the NAME of an environment variable (letters, digits, _); never pass a token on the command line',
    );
  const token = io.env[varName];
  if (!token || !token.trim())
    throw new UsageError(`--credential-env ${varName}: the environment variable is not set or empty`);
  // A line break or control character would split the header it goes in: refused before anything is sent.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(token.trim()))
    throw new UsageError(
      `--credential-env ${varName}: the credential contains a line break or control character, so it cannot be sent in a header; set the variable to the token alone`,
    );
  return { token: token.trim(), ...(scheme !== undefined ? { scheme } : {}) };
}

/**
 * `--trust-store FILE` (repeatable) of pin and check: the key-id trust stores a card's signature is verified against
 * (cli/trustStoreFile.ts), so that pin records the verified signing key and check compares it.
 */
export const TRUST_STORE_FLAG = {
  'trust-store': {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: `--trust-store FILE: {"<kid>": key or {key, notBefore, notAfter}} (a JWKS URL, JWK/JWKS or PEM public key or
certificate, as the a2a.trustStore setting); the card's signature is verified against it. pin records the verified key
(kid, RFC 7638 thumbprint, origin) as "signing_key"; check compares it: another key is review, a card no longer
signed is breaking under --signature-policy require and review otherwise; update compares it as check does and a
rewrite records the key that verifies the card now (none once it is no longer signed). A card's jku is never followed.`,
  },
} as const satisfies Record<string, FlagDef>;

/** `--signature-policy MODE` of check and update, with --trust-store. */
export const SIGNATURE_POLICY_FLAG = {
  'signature-policy': {
    type: 'string',
    choices: SIGNATURE_POLICY_NAMES,
    value: 'MODE',
    help: `--signature-policy MODE (with --trust-store): off, verify-if-present (default) or require: a card that is no
longer signed where the lockfile pinned a signing key is breaking under require, review otherwise.`,
  },
} as const satisfies Record<string, FlagDef>;
