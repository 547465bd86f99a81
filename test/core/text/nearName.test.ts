// editDistance (core/text/nearName.ts) computes only the band of cells within the cap and stops when a row is all over
// it; it must agree with the full Levenshtein matrix (capped) on every pair, and two long ids are no longer a
// length² computation (100,000-character skill ids took 23 s per "renamed?" hint).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closestName, editDistance } from '../../../server/src/core/text/nearName';
import { at } from '../../at';

function levenshtein(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(at(row, j) + 1, at(next, j - 1) + 1, at(row, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return at(row, b.length);
}

test('agrees with the full matrix, capped, on every pair of short strings over a small alphabet', () => {
  const words: string[] = [''];
  for (let len = 1; len <= 5; len++)
    for (let n = 0; n < 3 ** len; n++)
      words.push(n.toString(3).padStart(len, '0').replace(/0/g, 'a').replace(/1/g, 'b').replace(/2/g, 'c'));
  const sample = words.filter((_, i) => i % 3 === 0);
  for (const a of sample)
    for (const b of sample)
      for (const cap of [0, 1, 2, 3]) {
        assert.equal(editDistance(a, b, cap), Math.min(levenshtein(a, b), cap + 1), `${a} ${b} cap ${cap}`);
      }
});

test('long ids: the answer without the length² work', () => {
  const id = 'x'.repeat(100_000);
  assert.equal(editDistance(id, `${id.slice(1)}y`, 2), 1);
  assert.equal(editDistance(id, 'y'.repeat(100_000), 2), 3);
  assert.equal(closestName(`${id}z`, [`${id}y`, 'other']), `${id}y`);
});
