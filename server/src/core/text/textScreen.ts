/**
 * Facts about a document's raw text that rules screen for before walking the parsed value, and the screens of the
 * text for what its models read (readerText.ts asks each once per lint: each is a scan of the whole text, and a card
 * may be megabytes).
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

/**
 * Whether the document text can hold a hidden character (hiddenCharacters.ts) at all. In JSON text that parsed, a
 * string holds one only as a raw non-ASCII character, a raw DEL (the one HIDDEN character in ASCII; raw C0 controls
 * are not JSON), or an escape: \uXXXX, \b (U+0008) or \f (U+000C). Each test is a single scan for a rare character.
 */
export function mayHoldHiddenCharacters(value: unknown, text: string): boolean {
  return mayHoldNonAsciiStrings(value, text) || text.includes('\x7f') || text.includes('\\b') || text.includes('\\f');
}

/**
 * Screen for textCues.ts's INSTRUCTIONS: every alternative there contains one of these stems. A space in the JSON
 * text may be written as an escape (`the\\nuser`); any character may be written as \uXXXX (`a\\u0072e now`), and a
 * text holding that escape is not screened. A phrase added to INSTRUCTIONS needs its words here too.
 */
const INSTRUCTION_STEMS = /nstruction|rompt|rules|he(?:\s|\\[nrtf])+user|re(?:\s|\\[nrtf])+now/i;

export function mayHoldInstruction(text: string): boolean {
  return text.includes('\\u') || INSTRUCTION_STEMS.test(text);
}

/**
 * Screen for selectionCues.ts's PHRASES: every phrase says "rank", "guarantee", "choice" or "pick", "everything" or
 * "anything", puts this/our/my, other or only before one of the nouns, or every/each/all/any before what is asked
 * for. In the text, a space between two words may be written as an escape (\n, \t, \r, \f); any character may be
 * written as \uXXXX, and a text holding that escape is not screened. The nouns alone would not do: every card has
 * "skills". A phrase added to PHRASES needs its words here too, or the screen skips it.
 */
const GAP = String.raw`(?:\s|\\[nrtf])+`;
/**
 * The start of a word in the JSON text: `\b`, or an escaped space just before it (`\nevery` has no word boundary
 * before "every", as the "n" of the escape is a word character). The escape is matched, not looked behind for: a
 * lookbehind is tried at every character and made this screen ten times slower.
 */
const START = String.raw`(?:\b|\\[nrtf])`;
/**
 * Three passes, not one alternation: V8 skips through the words' pass quickly (`ything` stands for everything and
 * anything), and a single regex of all three was tried at nearly every character.
 */
const WORD_STEMS = /rank|guarantee|choice|pick|ything/i;
/**
 * `ther` stands for "other": the screen may hit more than the phrases, never less, and with "other" among the
 * alternatives V8 took nearly twice as long over a big text (2.0 ms against 1.2 ms at 3 MB).
 */
const THIS_STEMS = new RegExp(String.raw`(?:this|our|my|ther|only)${GAP}(?:agent|skill|service|tool|option)`, 'i');
const EVERY_STEMS = new RegExp(
  String.raw`${START}(?:every|each|all|any)${GAP}(?:\w+${GAP})?(?:request|task|quer|question|prompt|message|job|call|conversation|user|thing)`,
  'i',
);

export function mayHoldSelectionCue(text: string): boolean {
  return text.includes('\\u') || WORD_STEMS.test(text) || THIS_STEMS.test(text) || EVERY_STEMS.test(text);
}
