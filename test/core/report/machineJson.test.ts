// The JSON writer of machine-readable outputs: values come back exactly, hidden characters are escapes in the text,
// and everything else is written byte for byte as JSON.stringify writes it.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { HIDDEN_CLASSES, hasHiddenCharacters } from '../../../server/src/core/text/hiddenCharacters';
import { machineJson } from '../../../server/src/core/report/machineJson';

const PLANTED = ['\u200b', '\u202e', '\u2066', '\u{E0041}', '\ud800', '\udc00', '\u0085', '\u2028', '\ufeff'];

/** Every code point the hidden table lists, as a string (lone surrogates as one code unit). */
function everyHidden(): string[] {
  const out: string[] = [];
  for (const c of HIDDEN_CLASSES)
    for (const [from, to] of c.ranges)
      for (let cp = from; cp <= to; cp++)
        out.push(cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp));
  return out;
}

describe('machineJson', () => {
  it('gives back every hidden character exactly, in values and member names, as an escape in the text', () => {
    for (const ch of [...PLANTED, ...everyHidden()]) {
      const value = { [`id${ch}`]: { url: `https://h/${ch}x`, list: [`a${ch}`] } };
      for (const space of [undefined, 2]) {
        const text = machineJson(value, space);
        assert.deepEqual(JSON.parse(text), value, `U+${ch.codePointAt(0)!.toString(16)}`);
        assert.ok(!hasHiddenCharacters(text), `raw U+${ch.codePointAt(0)!.toString(16)} in ${text}`);
      }
    }
  });

  it('writes astral characters as the UTF-16 pair JSON has', () => {
    assert.equal(machineJson('a\u{E0041}b'), '"a\\udb40\\udc41b"');
    assert.equal(machineJson('a\u202eb'), '"a\\u202eb"');
  });

  it('is byte-identical to JSON.stringify for text without hidden characters, emoji included', () => {
    const value = {
      name: 'Travel ✈️ 東京 → 大阪 👨‍👩‍👧‍👦 🏳️‍🌈 1️⃣',
      'tab\tnew\nline': ['"quoted"', '\\', 1, null, true, -0, 1e21],
      flag: `\u{1F3F4}${[...'gbsct'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')}\u{E007F}`,
    };
    for (const space of [undefined, 2]) assert.equal(machineJson(value, space), JSON.stringify(value, null, space));
  });
});
