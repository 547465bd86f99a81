/**
 * Letters that look like ASCII letters but are not: the ones a spoofed brand name is made of. A hand-kept excerpt
 * of Unicode TR39's confusables for the scripts attackers use against Latin names (Cyrillic, Greek, Armenian,
 * Cherokee), and the fullwidth and mathematical forms of ASCII letters.
 * The npm packages for confusables were not used: unmaintained for years, and most of their table (ideographs,
 * symbols) is not what spoofs a name. Scripts are Unicode property escapes, so they follow the runtime's Unicode.
 */

/** Scripts whose letters pass for Latin ones. */
export const LOOKALIKE_SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee'] as const;
export type LookalikeScript = (typeof LOOKALIKE_SCRIPTS)[number];

const SCRIPT_TESTS: readonly [LookalikeScript, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

/** The lookalike script of a character, if any (digits, punctuation and other scripts: undefined). */
export function lookalikeScript(ch: string): LookalikeScript | undefined {
  return SCRIPT_TESTS.find(([, re]) => re.test(ch))?.[0];
}

/** Non-ASCII letter → the ASCII letter it passes for. */
const LOOKS_LIKE: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'B',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  ѵ: 'v',
  ү: 'y',
  ё: 'ë',
  ї: 'ï',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  Һ: 'H',
  Ӏ: 'I',
  Ү: 'Y',
  Ѵ: 'V',
  // Greek
  α: 'a',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  ι: 'i',
  κ: 'k',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Armenian
  օ: 'o',
  ո: 'n',
  ս: 'u',
  հ: 'h',
  զ: 'q',
  ց: 'g',
  ա: 'w',
  Տ: 'S',
  Օ: 'O',
  // Cherokee
  Ꭺ: 'A',
  Ᏼ: 'B',
  Ꮯ: 'C',
  Ꭼ: 'E',
  Ꮋ: 'H',
  Ꮶ: 'K',
  Ꮇ: 'M',
  Ꮲ: 'P',
  Ꮪ: 'S',
  Ꭲ: 'T',
  Ꮃ: 'W',
  Ꮓ: 'Z',
  Ꮮ: 'L',
  Ꭰ: 'D',
};

/** The ASCII letter or digit a character passes for: fullwidth and mathematical forms included. */
export function asciiLookalike(ch: string): string | undefined {
  const known = LOOKS_LIKE[ch];
  if (known) return known;
  const cp = ch.codePointAt(0)!;
  // Fullwidth forms of ASCII (U+FF01–U+FF5E) sit at a fixed offset from ASCII.
  if (cp >= 0xff01 && cp <= 0xff5e) return String.fromCharCode(cp - 0xfee0);
  // Mathematical alphanumerics (bold, italic, script, … A–Z, a–z, 0–9): their NFKC form is the ASCII character.
  if (cp >= 0x1d400 && cp <= 0x1d7ff) {
    const plain = ch.normalize('NFKC');
    return /^[A-Za-z0-9]$/.test(plain) ? plain : undefined;
  }
  return undefined;
}

/** "U+0420" */
export function codePointLabel(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
