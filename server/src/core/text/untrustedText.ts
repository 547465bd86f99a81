/**
 * Untrusted text (card strings, agent messages) put into messages: it must not drive a terminal (escape
 * sequences), forge lines (line breaks) or hide or reorder what is shown (bidi controls, invisible characters:
 * the classes of hiddenCharacters.ts). Three forms, used everywhere.
 */
import { replaceHidden, visibleEscape } from './hiddenCharacters';

/** Control, invisible and bidi characters as `\uXXXX`, a line break as `\n`: the text shown, nothing hidden. */
export function escapeControls(s: string): string {
  return replaceHidden(s, visibleEscape).replace(/\r/g, '\\u000d').replace(/\n/g, '\\n');
}

/**
 * For messages inside structured outputs (diagnostics, SARIF and JSON finding messages, the view): every hidden
 * character as the text `\uXXXX`, so the reader sees it; line breaks and tabs are kept (those formats carry them
 * safely). Values a program reads back are never rewritten like this: machineJson.ts escapes them instead.
 */
export function visibleText(s: string): string {
  return replaceHidden(s, visibleEscape);
}

/** One line for a message: runs of control, bidi and invisible characters become one space, at most `max` characters. */
export function oneLineText(value: unknown, max = 200): string {
  const text = typeof value === 'string' ? value : '';
  const clean = replaceHidden(text, () => '\u0000')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000\t\n\r]+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
