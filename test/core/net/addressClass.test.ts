/** The address classes as data: literal → class (IANA special-purpose ranges, embedded IPv4 in IPv6 forms). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { classifyAddress } from '../../../server/src/core/net/address';
import { checkAddress } from '../../../server/src/core/net/policy';

const { cases } = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'addresses', 'classes.json'), 'utf8'),
) as { cases: [string, string][] };

test('every address in the table has its class', () => {
  const wrong = cases
    .map(([address, expected]) => ({ address, expected, actual: classifyAddress(address) }))
    .filter((c) => c.actual !== c.expected);
  assert.deepEqual(wrong, []);
});

test('bracketed literals are classified like bare ones', () => {
  for (const [address, expected] of cases.filter(([a]) => a.includes(':')))
    assert.equal(classifyAddress(`[${address}]`), expected, address);
});

test('a lockfile (repository) URL reaches only the public ones, even with loopback and private allowed', () => {
  const allow = new Set(['loopback', 'private'] as const);
  for (const [address, expected] of cases) {
    const decision = checkAddress('agent.example', address, { origin: 'repository', allow });
    const allowed = expected === 'public' || expected === 'loopback' || expected === 'private';
    assert.equal(decision.allowed, allowed, `${address} (${expected})`);
    const none = checkAddress('agent.example', address, { origin: 'repository' });
    assert.equal(none.allowed, expected === 'public', `${address} without allowance`);
  }
});
