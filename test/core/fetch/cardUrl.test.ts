/** base URL → card URL: one table (test/fixtures/card-urls/cases.json) for the one implementation every caller uses. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cardUrlFor } from '../../../server/src/core/fetch/cardUrl';
import { NetError } from '../../../server/src/core/net/errors';

type Case = [input: string, expected: string | { error: string }, why: string];
const { cases } = JSON.parse(readFileSync(join(__dirname, '../../fixtures/card-urls/cases.json'), 'utf8')) as {
  cases: Case[];
};

test('the card-URL table covers bases, card URLs, errors', () => {
  assert.ok(cases.length >= 20);
  assert.ok(cases.some(([, e]) => typeof e !== 'string'));
});

for (const [input, expected, why] of cases) {
  test(`cardUrlFor(${JSON.stringify(input)}): ${why}`, () => {
    if (typeof expected === 'string') {
      assert.equal(cardUrlFor(input), expected);
      assert.equal(cardUrlFor(expected), expected, 'a card URL maps to itself');
      return;
    }
    assert.throws(
      () => cardUrlFor(input),
      (err: unknown) => {
        assert.ok(err instanceof NetError);
        assert.equal(err.kind, expected.error);
        assert.doesNotMatch(err.message, /\n|^\s*at /m, 'one line, no stack');
        return true;
      },
    );
  });
}
