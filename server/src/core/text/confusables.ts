/**
 * Letters that look like Latin letters but are not: the ones a spoofed brand name is made of. The look-alikes are
 * Unicode's own (UTS #39 confusables.txt: each character's prototype), shipped by the `unhomoglyph` data package;
 * scripts and letter properties are Unicode property escapes, so they follow the engine's Unicode data. Nothing
 * here is a hand list of characters.
 */
import prototypes from 'unhomoglyph/data.json';

/** Scripts named in messages; a letter of any other script is named "other script". */
export const LOOKALIKE_SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Cherokee',
  'Coptic',
  'Lisu',
  'Canadian_Aboriginal',
  'Georgian',
  'Tifinagh',
] as const;
export type LookalikeScript = (typeof LOOKALIKE_SCRIPTS)[number] | 'other script';

const SCRIPT_TESTS: readonly [LookalikeScript, RegExp][] = LOOKALIKE_SCRIPTS.map((s) => [
  s,
  new RegExp(`\\p{Script=${s}}`, 'u'),
]);
const LETTER = /\p{L}/u;

/** The script of a letter (digits, punctuation and letters of the Common script: undefined). */
export function lookalikeScript(ch: string): LookalikeScript | undefined {
  const named = SCRIPT_TESTS.find(([, re]) => re.test(ch))?.[0];
  if (named) return named;
  return LETTER.test(ch) && !/\p{Script=Common}/u.test(ch) ? 'other script' : undefined;
}

const PROTOTYPE = prototypes as Readonly<Record<string, string>>;
const ASCII_ALNUM = /^[A-Za-z0-9]+$/;

/** The character a non-ASCII character is confusable with (its UTS #39 prototype), if Unicode names one. */
export function prototypeOf(ch: string): string | undefined {
  return ch.charCodeAt(0) < 0x80 ? undefined : PROTOTYPE[ch];
}

/** The ASCII letters or digits a non-ASCII character passes for: confusables, fullwidth and mathematical forms. */
export function asciiLookalike(ch: string): string | undefined {
  const proto = prototypeOf(ch);
  if (proto !== undefined && ASCII_ALNUM.test(proto)) return proto;
  if (ch.charCodeAt(0) < 0x80) return undefined;
  const plain = ch.normalize('NFKC');
  return plain !== ch && ASCII_ALNUM.test(plain) ? plain : undefined;
}

/** Whether a character passes for a Latin letter: its prototype is ASCII or another Latin letter (т → ᴛ). */
export function latinLookalike(ch: string): string | undefined {
  const ascii = asciiLookalike(ch);
  if (ascii !== undefined) return ascii;
  const proto = prototypeOf(ch);
  return proto !== undefined && proto !== ch && /^\p{Script=Latin}+$/u.test(proto) ? proto : undefined;
}

/**
 * A Latin letter without a case partner, such as the small capitals (ᴀ, ʀ) and phonetic letters: no language
 * writes a name with them among ordinary letters, and they read as the ASCII letter.
 */
export function isCaselessLatinLetter(ch: string): boolean {
  return (
    ch.charCodeAt(0) >= 0x80 &&
    /^\p{Script=Latin}$/u.test(ch) &&
    /^\p{Ll}$/u.test(ch) &&
    !/^\p{Changes_When_Uppercased}$/u.test(ch)
  );
}

/** "U+0420" */
export function codePointLabel(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
