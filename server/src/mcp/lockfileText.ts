/**
 * The lockfile text a2a_pin returns. Its values were chosen by the card (skill ids, media types, scheme names,
 * scopes, the version) and a card can make any of them 30,000 characters of instructions, so the text goes only
 * inside `untrusted`: each value and member name clipped at the value limit, the whole text at its own limit.
 * Ordinary lockfiles pass unchanged (`complete`): then the text is exactly what `a2acap pin` writes, with hidden
 * characters as JSON escapes of the same code points.
 */
import { serializeLockfile } from '../core/pin/serialize';
import type { Lockfile } from '../core/types';
import { escapeControls } from '../core/untrustedText';
import { LIMITS } from './limits';

export interface ShownLockfile {
  text: string;
  /** The text is the whole lockfile, nothing clipped. */
  complete: boolean;
}

function clipMark(more: number): string {
  return `… [clipped: ${more} more characters]`;
}

/** `value` cut at `max` UTF-16 units (never inside a surrogate pair), with the clip mark. */
function clipString(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = /[\ud800-\udbff]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return `${value.slice(0, end)}${clipMark(value.length - end)}`;
}

function clipValues(value: unknown, max: number): unknown {
  if (typeof value === 'string') return clipString(value, max);
  if (Array.isArray(value)) return value.map((v) => clipValues(v, max));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, clipString(k, max), {
        value: clipValues(v, max),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

/** Invisible and bidi characters as `\uXXXX` escapes inside the JSON: the same values, nothing hidden. */
function shownJson(text: string): string {
  return text.split('\n').map(escapeControls).join('\n');
}

export function shownLockfile(lock: Lockfile, fullText: string): ShownLockfile {
  const clipped = shownJson(serializeLockfile(clipValues(lock, LIMITS.valueChars) as Lockfile));
  const full = shownJson(fullText);
  if (clipped.length <= LIMITS.lockfileTextChars) return { text: clipped, complete: clipped === full };
  const cut = clipped.slice(0, LIMITS.lockfileTextChars).replace(/\\(?:u[0-9a-fA-F]{0,3})?$/, '');
  return { text: `${cut}${clipMark(clipped.length - cut.length)}`, complete: false };
}
