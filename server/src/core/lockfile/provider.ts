/**
 * Who a lockfile's agent comes from, for grouping updates into one pull request per provider: the catalog
 * identifier the lockfile was pinned through (`found_via.identifier`), else the origin of its `agent` URL
 * (scheme://host[:port], so every card path of one host is one provider), else the agent as written (a card file).
 * `found_via` is read defensively: a lockfile from before it existed, or a hand-edited one, may hold anything there.
 * The key is shown in outputs, passed back as `--provider` and made into a branch name: a URL in it loses its
 * credentials here, once, so every use of the key agrees and none carries them.
 */
import { sha256Hex } from '../bytes/hash';
import { withoutUrlCredentials } from '../text/urlCredentials';

export function providerOf(lock: { agent?: unknown; found_via?: unknown }): string {
  const identifier = foundViaIdentifier(lock.found_via);
  if (identifier !== undefined) return withoutUrlCredentials(identifier);
  const agent = typeof lock.agent === 'string' ? lock.agent : '';
  return originOf(agent) ?? agent;
}

function foundViaIdentifier(foundVia: unknown): string | undefined {
  if (foundVia === null || typeof foundVia !== 'object' || Array.isArray(foundVia)) return undefined;
  const identifier = (foundVia as { identifier?: unknown }).identifier;
  return typeof identifier === 'string' && identifier.trim() !== '' ? identifier : undefined;
}

/** scheme://host[:port] of an http(s) URL (no userinfo, path or query), or undefined for anything else. */
function originOf(agent: string): string | undefined {
  if (!/^https?:\/\//i.test(agent)) return undefined;
  try {
    const origin = new URL(agent).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The fixed branch a provider's update pull request lives on. */
export const UPDATE_BRANCH_PREFIX = 'a2acap/update/';

/** Longest sanitised name kept before the hash (a branch name is a path component on every clone). */
const MAX_NAME = 60;

/**
 * `a2acap/update/<name>`: a name git accepts (`git check-ref-format`) and a shell, a URL and a file system take
 * as it is. Only ASCII letters, digits, `.`, `_` and `-` are kept, each run of anything else becomes one `-`, no
 * `..`, no leading or trailing `.` or `-`, no `.lock` ending. Two providers must never share a branch, so a name
 * that had to change ends with a short hash of the provider as written (`https://a.b` and `https-a.b` differ).
 */
export function updateBranchFor(provider: string): string {
  const cleaned = provider
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .slice(0, MAX_NAME)
    .replace(/^[.-]+|[.-]+$/g, '')
    .replace(/\.lock$/i, '-lock');
  if (cleaned === provider && cleaned !== '') return `${UPDATE_BRANCH_PREFIX}${cleaned}`;
  const hash = sha256Hex(provider).slice(0, 8);
  return `${UPDATE_BRANCH_PREFIX}${cleaned === '' ? hash : `${cleaned}-${hash}`}`;
}
