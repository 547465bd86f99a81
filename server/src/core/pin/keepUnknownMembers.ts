/**
 * A re-pin (`update --yes`, the editor's update, `pin` over an existing lockfile) writes the lockfile from the
 * profile, and the reader drops members the format does not define. Members a person added (a "comment", an
 * "x-owner", a note on a skill) would be lost silently; so they are carried over from the previous lockfile text,
 * wherever the new lockfile still has the object that held them. Only members the schema does not define are
 * carried: a defined member the re-pin left out (a skill no longer pinned, evidence dropped) stays out.
 */
import { isObject } from '../document';
import { schemaAt } from '../schema/schemaNav';
import type { Lockfile } from '../types';

export function keepUnknownMembers(next: Lockfile, previousText: string | undefined): Lockfile {
  if (previousText === undefined) return next;
  let previous: unknown;
  try {
    previous = JSON.parse(previousText);
  } catch {
    return next;
  }
  return isObject(previous)
    ? (carry(next as unknown as Record<string, unknown>, previous, []) as unknown as Lockfile)
    : next;
}

function carry(
  next: Record<string, unknown>,
  previous: Record<string, unknown>,
  path: string[],
): Record<string, unknown> {
  const schema = schemaAt('lockfile', path);
  const defined = schema?.properties;
  // A map (skills by id, evidence by claim): its keys are data, not members; only its entries are looked into.
  const isMap = !defined && typeof schema?.additionalProperties === 'object';
  let out = next;
  for (const key of Object.keys(previous)) {
    if (key === '__proto__') continue;
    const had = previous[key];
    if (Object.prototype.hasOwnProperty.call(next, key)) {
      const now = next[key];
      if (isObject(now) && isObject(had)) {
        const merged = carry(now, had, [...path, key]);
        if (merged !== now) out = { ...out, [key]: merged };
      }
    } else if (defined && !Object.prototype.hasOwnProperty.call(defined, key) && !isMap) {
      out = { ...out, [key]: had };
    }
  }
  return out;
}
