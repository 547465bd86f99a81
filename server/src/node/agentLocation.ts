/**
 * Where a lockfile's `agent` points: a URL as written, or a card path taken relative to the lockfile's directory
 * by this platform's path rules (the core takes this function injected: path syntax is the operating system's).
 */
import { dirname, resolve } from 'node:path';
import { isHttpLocation, isOtherUrl } from '../core/check/cardSources';

/** The card location a lockfile pins: its URL, or a path relative to the lockfile's directory. */
export function resolveAgent(agent: string, lockfilePath: string): string {
  return isHttpLocation(agent) || isOtherUrl(agent) ? agent : resolve(dirname(lockfilePath), agent);
}
