/**
 * Facts about a document's raw text that several rules screen for before walking the parsed value: asked once per
 * lint instead of once per rule (each is a scan of the whole text, and a card may be megabytes).
 *
 * Kept per parsed value (a WeakMap, like valueCensus.ts): lintDocument parses afresh for every text, so a value
 * stands for one text. The text is kept beside the answers and compared, so a caller that pairs the value with
 * another text gets answers about that text, never stale ones.
 */
import { hasNonAscii } from '../bytes/bytes';

interface Screen {
  readonly text: string;
  nonAscii?: boolean;
}

const screens = new WeakMap<object, Screen>();

function screenOf(value: unknown, text: string): Screen {
  if (typeof value !== 'object' || value === null) return { text };
  let screen = screens.get(value);
  if (screen === undefined || screen.text !== text) screens.set(value, (screen = { text }));
  return screen;
}

/**
 * Records what a caller already learnt about the text: lintDocument counts a big text's UTF-8 bytes against the size
 * limit, and a text of as many bytes as code units is all ASCII (a keystroke on a card near the limit would
 * otherwise encode the whole text twice).
 */
export function noteTextAscii(value: unknown, text: string, ascii: boolean): void {
  screenOf(value, text).nonAscii = !ascii;
}

/** Whether the text has a raw character outside ASCII. */
export function textHasNonAscii(value: unknown, text: string): boolean {
  const screen = screenOf(value, text);
  return (screen.nonAscii ??= hasNonAscii(text));
}

/**
 * Whether some string of the parsed JSON text may hold a character outside ASCII: in JSON text, such a character is
 * either written raw or as a \uXXXX escape, so a text with neither has only ASCII strings (member names included).
 */
export function mayHoldNonAsciiStrings(value: unknown, text: string): boolean {
  return text.includes('\\u') || textHasNonAscii(value, text);
}
