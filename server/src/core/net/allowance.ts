/**
 * The network allowance a run grants to URLs from repository content: `--allow-network loopback,private` on the
 * CLI or `A2ACAP_ALLOW_NETWORK` set by the pipeline (never a repository file). Parsed strictly: a typo must be an
 * error, not a silently narrower (or wider) run.
 */
import { NO_ALLOWANCE, type AllowedClass, type NetworkAllowance } from './policy';

export const ALLOW_NETWORK_ENV = 'A2ACAP_ALLOW_NETWORK';
const CLASSES: readonly AllowedClass[] = ['loopback', 'private'];

export type AllowanceParse = { ok: true; allow: NetworkAllowance } | { ok: false; error: string };

/** `loopback`, `private`, both comma-separated, or `none`/`public` (nothing beyond public). Empty → none. */
export function parseNetworkAllowance(text: string | undefined): AllowanceParse {
  const words = (text ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w !== '');
  const allow = new Set<AllowedClass>();
  for (const word of words) {
    if (word === 'none' || word === 'public') continue;
    const known = CLASSES.find((c) => c === word);
    if (!known)
      return {
        ok: false,
        error: `unknown network class ${JSON.stringify(word.slice(0, 40))}: use loopback, private or none (link-local and metadata addresses are never allowed)`,
      };
    allow.add(known);
  }
  return { ok: true, allow: allow.size ? allow : NO_ALLOWANCE };
}

/** The union of several grants (flag values and the environment variable). */
export function mergeAllowances(...allowances: NetworkAllowance[]): NetworkAllowance {
  const all = new Set<AllowedClass>();
  for (const a of allowances) for (const c of a) all.add(c);
  return all;
}

/** How an allowance reads in messages and docs: `loopback,private`, or `none`. */
export function describeAllowance(allow: NetworkAllowance): string {
  return CLASSES.filter((c) => allow.has(c)).join(',') || 'none';
}
