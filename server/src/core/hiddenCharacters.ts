/**
 * The one table of characters that can hide text or reorder what a reader sees: controls, bidi controls,
 * zero-width and other invisible format characters, tag characters, variation selectors, fillers. Used by the
 * suspicious-text rule (what it flags), by every output that quotes card or agent text (what it makes visible:
 * untrustedText.ts) and, through the rule's text cues, by the lockfile check's "text aimed at the model" decision.
 *
 * Emoji use some of these characters legitimately, and those uses are not hidden text: a flag's tag sequence
 * (U+1F3F4, a few lowercase letter/digit tags, U+E007F), a variation selector 15/16 after an emoji base, a zero
 * width joiner between two emoji. Any other occurrence is hidden.
 */

export interface HiddenClass {
  name: string;
  /** Inclusive code point ranges. */
  ranges: readonly (readonly [number, number])[];
}

export const HIDDEN_CLASSES: readonly HiddenClass[] = [
  {
    name: 'control character',
    ranges: [
      [0x00, 0x08],
      [0x0b, 0x0c],
      [0x0e, 0x1f],
      [0x7f, 0x9f],
    ],
  },
  { name: 'soft hyphen', ranges: [[0xad, 0xad]] },
  { name: 'combining grapheme joiner', ranges: [[0x34f, 0x34f]] },
  {
    name: 'bidi control',
    ranges: [
      [0x61c, 0x61c],
      [0x200e, 0x200f],
      [0x202a, 0x202e],
      [0x2066, 0x2069],
    ],
  },
  {
    name: 'Hangul filler',
    ranges: [
      [0x115f, 0x1160],
      [0x3164, 0x3164],
      [0xffa0, 0xffa0],
    ],
  },
  { name: 'Khmer inherent vowel', ranges: [[0x17b4, 0x17b5]] },
  { name: 'Mongolian format character', ranges: [[0x180b, 0x180f]] },
  {
    name: 'zero-width character',
    ranges: [
      [0x200b, 0x200d],
      [0x2060, 0x2064],
      [0xfeff, 0xfeff],
    ],
  },
  { name: 'line or paragraph separator', ranges: [[0x2028, 0x2029]] },
  { name: 'deprecated format character', ranges: [[0x206a, 0x206f]] },
  { name: 'Braille blank', ranges: [[0x2800, 0x2800]] },
  {
    name: 'variation selector',
    ranges: [
      [0xfe00, 0xfe0f],
      [0xe0100, 0xe01ef],
    ],
  },
  { name: 'interlinear annotation', ranges: [[0xfff9, 0xfffb]] },
  { name: 'shorthand format control', ranges: [[0x1bca0, 0x1bca3]] },
  { name: 'musical format control', ranges: [[0x1d173, 0x1d17a]] },
  { name: 'tag character', ranges: [[0xe0000, 0xe007f]] },
  { name: 'lone surrogate', ranges: [[0xd800, 0xdfff]] },
];

function rangeClass(ranges: readonly (readonly [number, number])[]): string {
  const esc = (cp: number): string => `\\u{${cp.toString(16)}}`;
  return ranges.map(([from, to]) => (from === to ? esc(from) : `${esc(from)}-${esc(to)}`)).join('');
}

const ALL_RANGES = HIDDEN_CLASSES.flatMap((c) => c.ranges);
/** Every candidate character (before the emoji exceptions). Lone surrogates match one code unit each under /u. */
const CANDIDATE = new RegExp(`[${rangeClass(ALL_RANGES)}]`, 'gu');
/** Cheap test: does the text hold any candidate at all? */
const ANY_CANDIDATE = new RegExp(`[${rangeClass(ALL_RANGES)}]`, 'u');

const EMOJI = /\p{Emoji}/u;
const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Emoji_Modifier}]/u;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
/** Subdivision flags (🏴 gbsct) spell an ISO 3166-2 code in lowercase letter and digit tags: 2 to 7 of them. */
const MAX_FLAG_TAGS = 7;

function isFlagTag(cp: number): boolean {
  return (cp >= 0xe0061 && cp <= 0xe007a) || (cp >= 0xe0030 && cp <= 0xe0039);
}

function codePointBefore(s: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = s.charCodeAt(index - 1);
  const high = index >= 2 ? s.charCodeAt(index - 2) : 0;
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return s.codePointAt(index - (pair ? 2 : 1));
}

/** The end index (exclusive) of a well-formed flag tag sequence whose tags start at `index`, or -1. */
function flagSequenceEnd(s: string, index: number): number {
  let i = index;
  let tags = 0;
  for (;;) {
    const cp = s.codePointAt(i);
    if (cp === undefined) return -1;
    if (cp === CANCEL_TAG) return tags >= 2 && tags <= MAX_FLAG_TAGS ? i + 2 : -1;
    if (!isFlagTag(cp) || ++tags > MAX_FLAG_TAGS) return -1;
    i += 2;
  }
}

function isEmojiBase(cp: number | undefined): boolean {
  return cp !== undefined && cp > 0x7f && EMOJI.test(String.fromCodePoint(cp));
}

/** A keycap: `#`, `*` or a digit, the variation selector at `index`, then U+20E3. */
function isKeycap(s: string, index: number): boolean {
  return index > 0 && /[#*0-9]/.test(s.charAt(index - 1)) && s.charCodeAt(index + 1) === 0x20e3;
}

/**
 * The hidden characters of `s` as [index, length, code point], emoji uses left out. One left-to-right scan,
 * skipped entirely for the common text without any candidate.
 */
export function* hiddenCharacters(s: string): Generator<[number, number, number]> {
  if (!ANY_CANDIDATE.test(s)) return;
  let flagEnd = -1;
  for (const m of s.matchAll(CANDIDATE)) {
    const index = m.index!;
    const cp = m[0].codePointAt(0)!;
    if (index < flagEnd) continue;
    if (cp >= 0xe0000 && cp <= 0xe007f && codePointBefore(s, index) === BLACK_FLAG) {
      const end = flagSequenceEnd(s, index);
      if (end > 0) {
        flagEnd = end;
        continue;
      }
    }
    if ((cp === 0xfe0e || cp === 0xfe0f) && (isEmojiBase(codePointBefore(s, index)) || isKeycap(s, index))) continue;
    if (cp === 0x200d) {
      const before = codePointBefore(s, index);
      const after = s.codePointAt(index + 1);
      const joinsEmoji = before !== undefined && (before === 0xfe0f || PICTOGRAPHIC.test(String.fromCodePoint(before)));
      if (joinsEmoji && after !== undefined && isEmojiBase(after)) continue;
    }
    yield [index, m[0].length, cp];
  }
}

/** Whether `s` holds any hidden character (emoji uses aside). */
export function hasHiddenCharacters(s: string): boolean {
  return !hiddenCharacters(s).next().done;
}

/** `U+202E` style name of a code point. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The distinct hidden code points of `s`, in order of appearance, as `U+XXXX`. */
export function hiddenCodePoints(s: string): string[] {
  const found = new Set<string>();
  for (const [, , cp] of hiddenCharacters(s)) found.add(codePointName(cp));
  return [...found];
}

/** A hidden character as the reader should see it: `\u202e`, or `\u{e0041}` beyond the BMP. */
export function visibleEscape(cp: number): string {
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, '0')}`;
}

/** `s` with every hidden character replaced by `replace(cp)`; line breaks and tabs stay as they are. */
export function replaceHidden(s: string, replace: (cp: number) => string): string {
  let out = '';
  let last = 0;
  for (const [index, length, cp] of hiddenCharacters(s)) {
    out += s.slice(last, index) + replace(cp);
    last = index + length;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** `s` with every hidden character written as its escape (`\u202E`): what machine-readable outputs carry. */
export function makeVisible(s: string): string {
  return replaceHidden(s, visibleEscape);
}

/**
 * Text hidden in tag characters (U+E0020–U+E007E mirror ASCII), revealed, and other hidden characters dropped:
 * what a model that reads the text may see, for the instruction screen.
 */
export function revealHiddenText(s: string): string {
  return replaceHidden(s, (cp) => (cp >= 0xe0020 && cp <= 0xe007e ? String.fromCharCode(cp - 0xe0000) : ''));
}
