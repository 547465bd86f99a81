// Flag values are checked: numbers are bounded plain digits, texts are not empty. Numeric flags are bounded: a timeout beyond what a timer can hold used to fire at once (Node's
// TimeoutOverflowWarning) and an interval beyond it was ignored. Each is a usage error naming the range.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, tempDir } from './helpers';

const cases: [string[], RegExp][] = [
  [
    ['fetch', 'http://127.0.0.1:9/', '--timeout', '99999999999'],
    /--timeout expects milliseconds from 1 to 600000 \(got "99999999999"\)/,
  ],
  [['fetch', 'http://127.0.0.1:9/', '--timeout', '0'], /--timeout expects milliseconds from 1 to 600000/],
  [['probe', 'http://127.0.0.1:9/', '--timeout', '3000000000'], /--timeout expects milliseconds from 1 to 600000/],
  [
    ['probe', 'http://127.0.0.1:9/', '--min-interval', '99999999999'],
    /--min-interval expects milliseconds from 0 to 60000/,
  ],
  // Only plain digits: not hex, exponents or padding.
  [
    ['check', 'x.a2a-lock.json', '--card', 'c.json', '--concurrency', '0x10'],
    /--concurrency must be an integer from 1 to 256 \(got "0x10"\)/,
  ],
  [
    ['check', 'x.a2a-lock.json', '--card', 'c.json', '--concurrency', '1e2'],
    /--concurrency must be an integer from 1 to 256/,
  ],
  // Empty values are not silently taken as absent.
  [
    ['probe', 'http://127.0.0.1:9/', '--safe-request', ''],
    /--safe-request needs the agreed message text \(it is empty\)/,
  ],
  [
    ['probe', 'http://127.0.0.1:9/', '--safe-request', 'ping', '--media-type', ''],
    /--media-type needs a media type \(one is empty\)/,
  ],
];

for (const [argv, message] of cases) {
  test(`${argv.slice(2).join(' ')}: usage error`, async (t) => {
    const r = await cli(argv, tempDir(t));
    assert.equal(r.code, 2);
    assert.match(r.stderr, message);
  });
}
