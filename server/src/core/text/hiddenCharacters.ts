/**
 * The one table of characters that can hide text or reorder what a reader sees. Used by the suspicious-text rule
 * (what it flags), by every output that quotes card or agent text (what it makes visible: untrustedText.ts) and,
 * through the rule's text cues, by the lockfile check's "text aimed at the model" decision.
 *
 * The table is not a hand list: it is the union of Unicode properties, read from the JavaScript engine's own
 * Unicode data through regex property escapes: Default_Ignorable_Code_Point (zero-width characters, fillers, tag
 * characters, unassigned code points reserved as ignorable), General_Category Cf (format controls, such as the
 * Egyptian hieroglyph format controls), Cc (controls but tab and line breaks), Variation_Selector, Bidi_Control,
 * the line and paragraph separators (Zl, Zp) and lone surrogates (Cs). U+2800 BRAILLE PATTERN BLANK, a letter that
 * renders as nothing, is the one code point named here. test/core/text/hiddenCharacters.test.ts checks the table
 * against the @unicode data package for every code point.
 *
 * Emoji use some of these characters legitimately, and those uses are not hidden text: a valid subdivision flag
 * (U+1F3F4, tags spelling a subdivision code that CLDR lists, U+E007F: subdivisionFlags.ts), a variation selector
 * 15/16 after an emoji base, a zero width joiner between two emoji. Any other occurrence is hidden.
 */
import { isSubdivisionCode } from './subdivisionFlags';

export interface HiddenClass {
  name: string;
  /** The class as the body of a regex character class (`v` flag): Unicode property escapes. */
  property: string;
  /** Inclusive code point ranges, computed from `property` on first use (a scan of every code point). */
  readonly ranges: readonly (readonly [number, number])[];
}

function hiddenClass(name: string, property: string): HiddenClass {
  let ranges: [number, number][] | undefined;
  return {
    name,
    property,
    get ranges() {
      return (ranges ??= rangesOf(new RegExp(`^[${property}]$`, 'v')));
    },
  };
}

/** Most specific first: a code point is named by the first class that holds it. */
export const HIDDEN_CLASSES: readonly HiddenClass[] = [
  hiddenClass('control character', String.raw`\p{Cc}--[\t\n\r]`),
  hiddenClass('bidi control', String.raw`\p{Bidi_Control}`),
  hiddenClass('variation selector', String.raw`\p{Variation_Selector}`),
  hiddenClass('tag character', String.raw`\p{Default_Ignorable_Code_Point}&&[\u{E0000}-\u{E007F}]`),
  hiddenClass('line or paragraph separator', String.raw`\p{Zl}\p{Zp}`),
  hiddenClass('format character', String.raw`\p{Cf}`),
  hiddenClass('default-ignorable code point', String.raw`\p{Default_Ignorable_Code_Point}`),
  hiddenClass('lone surrogate', String.raw`\p{Cs}`),
  hiddenClass('Braille blank', String.raw`\u{2800}`),
];

function rangesOf(re: RegExp): [number, number][] {
  const out: [number, number][] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (!re.test(charOf(cp))) continue;
    const last = out[out.length - 1];
    if (last && last[1] === cp - 1) last[1] = cp;
    else out.push([cp, cp]);
  }
  return out;
}

/** A code point as a string; a surrogate code point as the lone code unit. */
function charOf(cp: number): string {
  return cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
}

/** Every class in one character class: `[[class]...]`, one regex for the whole table. */
const TABLE = HIDDEN_CLASSES.map((c) => `[${c.property}]`).join('');
/** Every candidate character (before the emoji exceptions). Lone surrogates match one code unit each. */
const CANDIDATE = new RegExp(`[${TABLE}]`, 'gv');
/** Cheap test: does the text hold any candidate at all? */
const ANY_CANDIDATE = new RegExp(`[${TABLE}]`, 'v');
const ONE_CANDIDATE = new RegExp(`^[${TABLE}]$`, 'v');

/**
 * Whether a code point is in the table of hidden characters, context aside (a variation selector after an emoji is
 * in the table too): what machine-readable outputs escape.
 */
export function isHiddenCodePoint(cp: number): boolean {
  return Number.isInteger(cp) && cp >= 0 && cp <= 0x10ffff && ONE_CANDIDATE.test(charOf(cp));
}

/** The name of the class of a hidden code point ("format character"), or undefined. */
export function hiddenClassOf(cp: number): string | undefined {
  if (!isHiddenCodePoint(cp)) return undefined;
  const ch = charOf(cp);
  return HIDDEN_CLASSES.find((c) => new RegExp(`^[${c.property}]$`, 'v').test(ch))?.name;
}

const EMOJI = /\p{Emoji}/u;
const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Emoji_Modifier}]/u;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
/** Subdivision codes are a region and one to four more letters or digits; a longer run is no flag. */
const MAX_FLAG_TAGS = 8;

function codePointBefore(s: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = s.charCodeAt(index - 1);
  const high = index >= 2 ? s.charCodeAt(index - 2) : 0;
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return s.codePointAt(index - (pair ? 2 : 1));
}

/**
 * The end index (exclusive) of a valid subdivision flag whose tags start at `index` (after U+1F3F4), or -1: the
 * tags must spell, in lowercase letters and digits, a subdivision code that exists, and end in the cancel tag.
 */
function flagSequenceEnd(s: string, index: number): number {
  let i = index;
  let code = '';
  for (;;) {
    const cp = s.codePointAt(i);
    if (cp === CANCEL_TAG) return isSubdivisionCode(code) ? i + 2 : -1;
    if (cp === undefined || code.length >= MAX_FLAG_TAGS) return -1;
    const ch = cp - 0xe0000;
    if (!((ch >= 0x61 && ch <= 0x7a) || (ch >= 0x30 && ch <= 0x39))) return -1;
    code += String.fromCharCode(ch);
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
 * what a model that reads the text may see, for the instruction screen. The black flag that opens a forged flag
 * sequence goes too, so text spelled across chained "flags" reads as one phrase.
 */
export function revealHiddenText(s: string): string {
  let out = '';
  let last = 0;
  for (const [index, length, cp] of hiddenCharacters(s)) {
    const opensForgedFlag = cp >= 0xe0000 && cp <= 0xe007f && codePointBefore(s, index) === BLACK_FLAG;
    out += s.slice(last, opensForgedFlag ? index - 2 : index);
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
    last = index + length;
  }
  return last === 0 ? s : out + s.slice(last);
}
