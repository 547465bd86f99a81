// Numeric flags are bounded: a timeout beyond what a timer can hold used to fire at once (Node's
// TimeoutOverflowWarning) and an interval beyond it was ignored. Each is a usage error naming the range.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, tempDir } from '../pin/helpers';

const cases: [string[], RegExp][] = [
  [['fetch', 'http://127.0.0.1:9/', '--timeout', '99999999999'], /--timeout expects milliseconds from 1 to 600000 \(got "99999999999"\)/],
  [['fetch', 'http://127.0.0.1:9/', '--timeout', '0'], /--timeout expects milliseconds from 1 to 600000/],
  [['probe', 'http://127.0.0.1:9/', '--timeout', '3000000000'], /--timeout expects milliseconds from 1 to 600000/],
  [['probe', 'http://127.0.0.1:9/', '--min-interval', '99999999999'], /--min-interval expects milliseconds from 0 to 60000/],
];

for (const [argv, message] of cases) {
  test(`${argv.slice(2).join(' ')}: usage error`, async (t) => {
    const r = await cli(argv, tempDir(t));
    assert.equal(r.code, 2);
    assert.match(r.stderr, message);
  });
}
