/**
 * Untrusted text (card strings, agent messages) put into messages: it must not drive a terminal (escape
 * sequences), forge lines (line breaks) or reorder what is shown (bidi controls). Two forms, used everywhere.
 */

/** Control, invisible and bidi characters as `\uXXXX`, a line break as `\n`: the text shown, nothing hidden. */
export function escapeControls(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\n/g, '\\n');
}

/** One line for a message: runs of control and bidi characters become one space, at most `max` characters. */
export function oneLineText(value: unknown, max = 200): string {
  const text = typeof value === 'string' ? value : '';
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
