/**
 * Look-alike catalog identifiers: confusable characters and case, one edit apart, numbered siblings left alone,
 * and a catalog of 10,000 entries.
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { identifierSkeleton, lookalikeIdentifiers } from '../../../server/src/core/catalog/lookalikes';

const found = (ids: string[]) => lookalikeIdentifiers(ids).map((l) => [l.index, l.like, l.how]);

test('confusable characters and case read as the same skeleton', () => {
  assert.equal(identifierSkeleton('pr\u0456cing'), identifierSkeleton('pricing'));
  assert.deepEqual(found(['pricing', 'pr\u0456cing', 'PRICING']), [
    [1, 0, 'skeleton'],
    [2, 0, 'skeleton'],
  ]);
  // A capital I passes for a small l.
  assert.deepEqual(found(['paypal', 'paypaI']), [[1, 0, 'skeleton']]);
});

test('one edit apart is reported, numbered siblings and distant names are not', () => {
  assert.deepEqual(found(['pricing', 'prcing', 'pricingx', 'refunds']), [
    [1, 0, 'one-edit'],
    [2, 0, 'one-edit'],
  ]);
  assert.deepEqual(found(['agent-1', 'agent-2', 'agent-10']), []);
  assert.deepEqual(found(['pricing', 'billing']), []);
});

test('10,000 identifiers: the one imitation among them is found, numbered siblings are not reported', () => {
  // All pairs would be 50 million comparisons; the buckets make it one pass (bench figures: the report).
  const ids = Array.from({ length: 10_000 }, (_, i) => `urn:air:example.com:agents:svc-${i}`);
  ids.push('urn:air:example.com:agents:svc-l2');
  const result = lookalikeIdentifiers(ids);
  assert.deepEqual(
    result.map((l) => [l.index, ids[l.like], l.how]),
    [[10_000, 'urn:air:example.com:agents:svc-12', 'skeleton']],
  );
});
