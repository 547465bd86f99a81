/**
 * The one JSON writer of machine-readable outputs: `--format json` of every command, SARIF, GitLab Code Quality,
 * the MCP tools' results, lockfiles and baselines. A value must come back exactly as the card wrote it (a consumer
 * that calls a skill id must call that id, not a look-alike), and a reader of the raw text must still see a hidden
 * or bidi character rather than have it reorder or hide what surrounds it. Both hold when every such character
 * (the classes of hiddenCharacters.ts) is written as a JSON escape of the same code point: `JSON.parse` gives back
 * the original string, and the raw text holds only the visible escape. JSON.stringify already escapes lone
 * surrogates and C0 controls; a text without hidden characters is written byte for byte as JSON.stringify writes it.
 *
 * Human outputs (text, Markdown, hovers, diagnostic messages) make the same characters visible as replacement text
 * instead (untrustedText.ts): there, nobody parses the value back.
 */
import { isHiddenCodePoint, replaceHidden } from '../text/hiddenCharacters';

/** `value` as JSON (JSON.stringify's `space`), every hidden or bidi character as a `\uXXXX` escape. */
export function machineJson(value: unknown, space?: number): string {
  return escapeHiddenInJson(JSON.stringify(value, null, space));
}

/**
 * JSON text with every raw hidden character written as its escape. Sound on the whole text because JSON's own
 * syntax is ASCII: a hidden character can only be inside a string literal, where the escape means the same.
 */
export function escapeHiddenInJson(json: string): string {
  return NOT_PLAIN.test(json) && hiddenScreen().test(json) ? replaceHidden(json, jsonEscape) : json;
}

/**
 * Every hidden character is outside printable ASCII, tab and the line breaks: most outputs have none of those, and
 * this test costs far less than building the table's screen, which a run then never needs.
 */
const NOT_PLAIN = /[^\x20-\x7e\t\n\r]/;

let screen: RegExp | undefined;

/**
 * A code-unit screen of the hidden table (every surrogate stands in for the characters beyond the BMP): scanning a
 * large output without the `u` flag is about twice as fast. Built on first use from the BMP alone (65,536 tests,
 * not the 1.1 million of every class's full ranges).
 */
function hiddenScreen(): RegExp {
  if (screen) return screen;
  let ranges = '';
  for (let cp = 0; cp <= 0xffff; cp++) {
    if (cp === 0xd800) cp = 0xe000;
    if (!isHiddenCodePoint(cp)) continue;
    let to = cp;
    while (to < 0xffff && to + 1 !== 0xd800 && isHiddenCodePoint(to + 1)) to++;
    ranges += `${unit(cp)}-${unit(to)}`;
    cp = to;
  }
  return (screen = new RegExp(`[${ranges}\\ud800-\\udfff]`));
}

/** `\u202e`; beyond the BMP the UTF-16 pair (`\udb40\udc41`), the only form JSON has. */
export function jsonEscape(cp: number): string {
  if (cp <= 0xffff) return unit(cp);
  const offset = cp - 0x10000;
  return unit(0xd800 + (offset >> 10)) + unit(0xdc00 + (offset & 0x3ff));
}

function unit(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}
