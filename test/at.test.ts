import { test } from 'node:test';
import assert from 'node:assert/strict';
import { at, field } from './at';

test('at and field return what is there and fail by name on a miss', () => {
  assert.equal(at(['a', 'b'], 1), 'b');
  assert.equal(field({ k: 1 }, 'k'), 1);
  assert.throws(() => at(['a'], 1), /expected an item at 1, the list has 1/);
  assert.throws(() => at(null, 0), /expected a list with an item at 0, got null/);
  assert.throws(() => field({}, 'toString'), /expected "toString" in the record/);
});
