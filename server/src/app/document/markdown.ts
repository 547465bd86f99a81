/**
 * Card text is untrusted. Every string taken from a card (or lockfile) that ends up in hover
 * markdown goes through `plain()`: it renders as the literal characters, never as a link, an image,
 * a `command:` URI, HTML, an entity or emphasis, and it is trimmed to a length limit.
 */
import { someOf } from '../../core/text/messageList';
import { visibleText } from '../../core/text/untrustedText';
import { escapeMarkdownCharacters } from '../../core/text/markdownEscape';

/** Default limit for one untrusted string in a hover (code points). */
export const MAX_UNTRUSTED_LENGTH = 200;

/** Markdown's escape of untrusted text, as plain() applies it: every ASCII punctuation character (core/markdownEscape.ts). */
export function escapeMarkdown(text: string): string {
  return escapeMarkdownCharacters(text, 'punctuation');
}

/** Untrusted value → markdown that displays it as plain text. */
export function plain(value: unknown, max: number = MAX_UNTRUSTED_LENGTH): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : safeStringify(value);
  // Line breaks become spaces; control, bidi and invisible characters are shown as `\u202e` (they could hide or reorder text).
  const flat = visibleText(text.replace(/\r\n?|\n|\u2028|\u2029|\t/g, ' '));
  return escapeMarkdown(truncate(flat, max));
}

/** Trims to `max` code points (never splitting a surrogate pair), marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  return `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** A list of untrusted strings, comma separated, each escaped; long lists are cut with a count. */
export function plainList(values: readonly unknown[], maxItems = 12): string {
  return values.length ? someOf(values, { max: maxItems, format: (v) => plain(v, 80) }) : '(none)';
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
