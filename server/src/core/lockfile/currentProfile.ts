/**
 * The profile a lockfile is checked against. A lockfile's `requires.extensions` are extensions its workflow relies
 * on, so its client implements them: pin compiles the card with them known, and so must every check. Otherwise a
 * card that REQUIRES such an extension compiles as unusable for the checking client (which knows no extensions by
 * default) and the round trip pin → check says "breaking" for an agent that did not change; the lockfile is what
 * keeps lock time and check time in agreement, not flags repeated in CI.
 */
import { compileProfile } from '../profile/compile';
import { DEFAULT_CLIENT, type ClientConfig, type CompiledProfile, type Lockfile } from '../types';

/** The checking client plus the extensions the lockfile relies on (unchanged when it adds none). */
export function clientForLock(client: ClientConfig | undefined, lock: Lockfile): ClientConfig {
  const base = client ?? DEFAULT_CLIENT;
  const extra = extraExtensions(base, lock);
  return extra.length === 0 ? base : withExtensions(base, extra);
}

function withExtensions(client: ClientConfig, extra: readonly string[]): ClientConfig {
  return { bindings: client.bindings, knownExtensions: [...client.knownExtensions, ...extra] };
}

/** Recompiled profiles per base profile and added extensions: a 304 re-check returns the same object (checkMemo.ts keys on it). */
const recompiled = new WeakMap<CompiledProfile, Map<string, CompiledProfile>>();

/**
 * `profile` is `card` compiled for `client`; the result is the card compiled for `clientForLock(client, lock)`:
 * `profile` itself when the lockfile adds no extension, else a recompilation, remembered per `profile` object.
 */
export function profileForLock(
  card: unknown,
  profile: CompiledProfile,
  lock: Lockfile,
  client: ClientConfig | undefined,
): CompiledProfile {
  const base = client ?? DEFAULT_CLIENT;
  const extra = extraExtensions(base, lock);
  if (extra.length === 0) return profile;
  const key = extra.join('\n');
  let byExtensions = recompiled.get(profile);
  if (!byExtensions) recompiled.set(profile, (byExtensions = new Map()));
  let forLock = byExtensions.get(key);
  if (!forLock) {
    forLock = compileProfile(card, withExtensions(base, extra));
    byExtensions.set(key, forLock);
  }
  return forLock;
}

/** The lockfile's extensions the client does not already know, sorted and without repeats. */
function extraExtensions(client: ClientConfig, lock: Lockfile): string[] {
  const pinned = lock.requires.extensions;
  if (!pinned || pinned.length === 0) return [];
  const known = new Set(client.knownExtensions);
  return [...new Set(pinned.filter((uri) => typeof uri === 'string' && !known.has(uri)))].sort();
}
