/**
 * core/text/anchoredScreen.ts: the screen found from an anchor must answer as the regex pass over the whole text does,
 * whether the anchor is rare (tried where it occurs) or everywhere (the pass itself).
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { anchoredTest } from '../../../server/src/core/text/anchoredScreen';

const AT = /(?<=sk|xapp)-/y;
const WHOLE = /sk-|xapp-/;

function both(text: string): [boolean, boolean] {
  return [anchoredTest(text, '-', AT, WHOLE), WHOLE.test(text)];
}

test('a stem is found at any occurrence of its anchor, first or last, and a text without it is not', () => {
  for (const text of ['sk-abc', 'a-b-c xapp-1', `${'a-'.repeat(50)}sk-`, '-', '', 'sk', 'x-sk', 'ask -'])
    assert.deepEqual(both(text), [WHOLE.test(text), WHOLE.test(text)], text);
  assert.equal(anchoredTest('a-b-c xapp-1', '-', AT, WHOLE), true);
  assert.equal(anchoredTest('a-b-c xap-1', '-', AT, WHOLE), false);
});

test('a text full of the anchor takes the pass over the whole text, with the same answer', () => {
  const dashes = '-a'.repeat(200_000);
  assert.deepEqual(both(dashes), [false, false]);
  assert.deepEqual(both(`${dashes}sk-`), [true, true]);
  // The pass is taken: a pattern that only the whole-text regex knows shows which one answered.
  assert.equal(anchoredTest(dashes, '-', /(?!)/y, /-a-a/), true);
  assert.equal(anchoredTest('-a-a', '-', /(?!)/y, /-a-a/), false);
});
