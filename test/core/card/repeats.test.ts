import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachRepeat } from '../../../server/src/core/card/repeats';

function repeats(strings: (string | undefined)[]): [number, number][] {
  const out: [number, number][] = [];
  forEachRepeat(
    strings.length,
    (i) => strings[i],
    (index, first) => out.push([index, first]),
  );
  return out;
}

test('each repeat is reported in order, with the earliest index of its string', () => {
  assert.deepEqual(repeats(['a', 'b', 'a', undefined, 'b', 'a', '']), [
    [2, 0],
    [4, 1],
    [5, 0],
  ]);
});

test('strings of the same hash are told apart by content', () => {
  // FNV-1a collisions: same hash, different strings.
  assert.deepEqual(repeats(['costarring', 'liquid', 'declinate', 'macallums', 'liquid']), [[4, 1]]);
});

test('thousands of distinct strings have no repeat; a copy of each has one', () => {
  const ids = Array.from({ length: 5000 }, (_, i) => `skill-${i}`);
  assert.deepEqual(repeats(ids), []);
  const twice = repeats([...ids, ...ids]);
  assert.equal(twice.length, 5000);
  assert.deepEqual(twice[4999], [9999, 4999]);
});
