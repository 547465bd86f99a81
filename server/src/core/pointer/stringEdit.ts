/**
 * Typing in a JSON document mostly happens inside one string value (a description, a name). Such an edit
 * leaves every token where it was, only shifted: the pointer → range map of the previous version stays
 * valid after moving the offsets behind the edit. This module finds the edit between two versions of a
 * text and says whether it is one of those.
 */

/** The one changed region between two texts: [start, oldEnd) of the old text became [start, start + inserted). */
export interface StringEdit {
  start: number;
  oldEnd: number;
  /** Length change: offsets at or past `oldEnd` in the old text move by this much. */
  delta: number;
}

/**
 * Characters compared at once while looking for the changed region: a slice comparison runs at memory speed,
 * a character loop at a fraction of it; 1,024 keeps the last, partial chunk cheap.
 */
const CHUNK = 1024;

const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;
const COLON = 58;

/**
 * The edit from `before` to `after` when it lies inside the content of one string value (not a key) and
 * neither side of it holds a quote, a backslash or a control character, so no token starts, ends or
 * changes kind; undefined otherwise (the texts are equal, or the edit may change the structure). `before`
 * must be valid JSON: a line start is then never inside a string.
 */
export function stringInteriorEdit(before: string, after: string): StringEdit | undefined {
  if (before === after) return undefined;
  const start = commonPrefix(before, after);
  const tail = commonSuffix(before, after, Math.min(before.length, after.length) - start);
  const oldEnd = before.length - tail;
  const newEnd = after.length - tail;
  if (!plain(before, start, oldEnd) || !plain(after, start, newEnd)) return undefined;
  const close = closingQuoteOfStringAt(before, start);
  if (close === undefined || close < oldEnd || isKey(before, close)) return undefined;
  return { start, oldEnd, delta: newEnd - oldEnd };
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common end of `a` and `b`, at most `max` (so it never overlaps the common prefix). */
function commonSuffix(a: string, b: string, max: number): number {
  let s = 0;
  while (
    s + CHUNK <= max &&
    a.slice(a.length - s - CHUNK, a.length - s) === b.slice(b.length - s - CHUNK, b.length - s)
  )
    s += CHUNK;
  while (s < max && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return s;
}

/** No quote, backslash or control character in text[from, to): nothing that could open, close or escape. */
function plain(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c === BACKSLASH || c < 0x20) return false;
  }
  return true;
}

/**
 * When `offset` lies in a string's content (after its opening quote, not inside an escape, at or before its
 * closing quote), the offset of that closing quote. JSON strings never span lines, so the scan starts at the
 * line's beginning, which is outside every string.
 */
function closingQuoteOfStringAt(text: string, offset: number): number | undefined {
  let inString = false;
  let i = text.lastIndexOf('\n', offset - 1) + 1;
  for (; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (!inString) inString = c === QUOTE;
    else if (c === BACKSLASH) i++;
    else if (c === QUOTE) inString = false;
  }
  // i > offset: the offset is the second character of an escape sequence.
  if (!inString || i > offset) return undefined;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
    else if (c === NEWLINE) return undefined;
  }
  return undefined;
}

/** True when the string closing at `close` is a member name (the next non-space character is a colon). */
function isKey(text: string, close: number): boolean {
  let i = close + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i++;
  }
  return text.charCodeAt(i) === COLON;
}
