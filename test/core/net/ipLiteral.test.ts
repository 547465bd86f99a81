// The address policy's IP-literal grammar (core/net/ipLiteral.ts) agrees with node:net's isIP, which decides
// what the Node layer connects to as a literal: a disagreement would let a name be judged as an address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIP } from 'node:net';
import { ipFamily } from '../../../server/src/core/net/ipLiteral';

const CASES = [
  '127.0.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '256.1.1.1',
  '01.2.3.4',
  '1.2.3',
  '1.2.3.4.5',
  '1.2.3.4 ',
  ' 1.2.3.4',
  '1..3.4',
  '::',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '64:ff9b::10.0.0.1',
  'fe80::1%eth0',
  'fe80::1%',
  'fd00:ec2::254',
  '1:2:3:4:5:6:7:8',
  '1:2:3:4:5:6:7:8:9',
  '1::2::3',
  ':::',
  '1:2:3:4:5:6:1.2.3.4',
  '[::1]',
  '::1]',
  'localhost',
  'example.com',
  '',
  '12345::',
  'g::1',
  '::ffff:1.2.3.256',
  '0x7f.0.0.1',
  '2130706433',
  'fe80::1%25eth0',
  '::1%a.b:c-d',
];

test('ipFamily agrees with node:net isIP on literals and near-literals', () => {
  for (const text of CASES) assert.equal(ipFamily(text), isIP(text), text);
});

test('ipFamily agrees with node:net isIP on random strings over the literal alphabet', () => {
  const alphabet = '0123456789abcdefABCDEF:.%-gx[]';
  let seed = 7;
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let i = 0; i < 20000; i++) {
    let text = '';
    const length = 1 + next(24);
    for (let j = 0; j < length; j++) text += alphabet[next(alphabet.length)];
    assert.equal(ipFamily(text), isIP(text), text);
  }
});
