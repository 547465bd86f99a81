/**
 * The lockfile text a2a_pin returns. Its values were chosen by the card (skill ids, media types, scheme names,
 * scopes, the version) and a card can make any of them 30,000 characters of instructions, so the text goes only
 * inside `untrusted`: each value and member name clipped at the value limit, the whole text at its own limit.
 * Ordinary lockfiles pass unchanged (`complete`): then the text is exactly what `a2acap pin` writes, with hidden
 * characters as JSON escapes of the same code points.
 */
import { serializeLockfile } from '../app/lockfile';
import type { Lockfile } from '../core/types';
import { clippedValues } from './envelope';
import { LIMITS } from './limits';

export interface ShownLockfile {
  text: string;
  /** The text is the whole lockfile, nothing clipped. */
  complete: boolean;
}

export function shownLockfile(lock: Lockfile, fullText: string): ShownLockfile {
  // The machine JSON writer (core/report/machineJson.ts) already writes hidden characters as \uXXXX escapes.
  const shown = serializeLockfile(clippedValues(lock, LIMITS.valueChars));
  if (shown.length <= LIMITS.lockfileTextChars) return { text: shown, complete: shown === fullText };
  const cut = shown.slice(0, LIMITS.lockfileTextChars).replace(/\\(?:u[0-9a-fA-F]{0,3})?$/, '');
  return { text: `${cut}… [clipped: ${shown.length - cut.length} more characters]`, complete: false };
}
