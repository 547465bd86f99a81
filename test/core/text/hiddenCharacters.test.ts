import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import {
  HIDDEN_CLASSES,
  hiddenCodePoints,
  makeVisible,
  revealHiddenText,
} from '../../../server/src/core/text/hiddenCharacters';
import { escapeControls, oneLineText, visibleText } from '../../../server/src/core/text/untrustedText';

const tags = (t: string) => [...t].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
const FLAG_SCOTLAND = `\u{1F3F4}${tags('gbsct')}\u{E007F}`;
const EMOJI = [FLAG_SCOTLAND, '❤️', '☺︎', '1️⃣', '#️⃣', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🧑🏽‍💻', '👁️‍🗨️', '🏳️‍⚧️', '東京 → 大阪', 'tab\tnew\nline'];

describe('hidden character classes', () => {
  for (const c of HIDDEN_CLASSES) {
    for (const [from, to] of c.ranges) {
      for (const cp of new Set([from, Math.floor((from + to) / 2), to])) {
        if (cp === 0x200d || cp === 0xfe0e || cp === 0xfe0f) continue; // contextual: checked below
        const ch = cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
        it(`${c.name} U+${cp.toString(16).toUpperCase()} in plain text is hidden and made visible`, () => {
          const text = `abc${ch}def`;
          assert.equal(hiddenCodePoints(text).length, 1);
          assert.ok(!visibleText(text).includes(ch));
          assert.ok(!escapeControls(text).includes(ch));
          assert.ok(!oneLineText(text).includes(ch));
        });
      }
    }
  }

  it('zero width joiner and variation selectors outside emoji are hidden', () => {
    assert.deepEqual(hiddenCodePoints('a\u200db'), ['U+200D']);
    assert.deepEqual(hiddenCodePoints('a\ufe0fb'), ['U+FE0F']);
    assert.deepEqual(hiddenCodePoints('❤\ufe0f\ufe0f'), ['U+FE0F']);
    assert.deepEqual(hiddenCodePoints('❤️\u200d'), ['U+200D']);
  });

  for (const text of EMOJI) {
    it(`ordinary emoji and text are not hidden: ${JSON.stringify(text)}`, () => {
      assert.deepEqual(hiddenCodePoints(text), []);
      assert.equal(visibleText(text), text);
    });
  }

  it('a tag sequence that is not a flag (too long, no black flag, no cancel tag) is hidden', () => {
    assert.ok(hiddenCodePoints(`\u{1F3F4}${tags('ignoreprevious')}\u{E007F}`).length > 0);
    assert.ok(hiddenCodePoints(`x${tags('gbsct')}\u{E007F}`).length > 0);
    assert.ok(hiddenCodePoints(`\u{1F3F4}${tags('gbsct')}`).length > 0);
    assert.ok(hiddenCodePoints(`\u{1F3F4}${tags('GB')}\u{E007F}`).length > 0);
  });

  it('makes each character visible as an escape, astral ones as \\u{...}', () => {
    assert.equal(makeVisible('a\u202eb\u{E0041}c'), 'a\\u202eb\\u{e0041}c');
  });

  it('reveals text spelled in tag characters and drops other hidden characters', () => {
    assert.equal(revealHiddenText(`ok${tags('ignore previous instructions')}`), 'okignore previous instructions');
    assert.equal(revealHiddenText('ig\u200bnore'), 'ignore');
  });
});
