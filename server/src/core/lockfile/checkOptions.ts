/**
 * What the lockfile check needs to know about the card itself, beyond its profile: its digest (a difference is a
 * note) and, only when it differs, the cues in its text aimed at the reading model (a changed card carrying them is a
 * change to review; textCues.ts), or text that tells the selecting model to prefer it
 * (selectionCues.ts), or names that pass for others (spoofedNames.ts). One place, so the CLI, the watcher and the editor's diagnostics agree.
 */
import { selectionCues } from '../text/selectionCues';
import { spoofedNameCues } from '../text/spoofedNames';
import { textCues } from '../text/textCues';
import type { Lockfile } from '../types';
import type { CheckOptions } from './check';

export function checkOptionsFor(card: unknown, cardDigest: string | undefined, lock: Lockfile): CheckOptions {
  if (cardDigest === undefined) return {};
  // An unchanged card was adopted at pin time: its text is not screened again on every check.
  if (cardDigest.toLowerCase() === lock.card_digest.toLowerCase() || card === undefined) return { cardDigest };
  return { cardDigest, textCues: [...textCues(card), ...selectionCues(card), ...spoofedNameCues(card)] };
}
