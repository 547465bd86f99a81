import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { hmacSha256Hex, randomBase64Url, randomId, sha256Hex } from '../../../server/src/core/bytes/hash';

// The core's pure hashes stand in for node:crypto: pinned digests, SARIF fingerprints and cache names must not move.
const TEXTS = ['', 'abc', '{"name":"Agent é ☃ 𝄞"}', 'lone \ud800 surrogate', 'nul\u0000byte', 'x'.repeat(200_000)];

test('sha256Hex is node:crypto SHA-256 of the UTF-8 bytes, lone surrogates included', () => {
  for (const text of TEXTS)
    assert.equal(
      sha256Hex(text),
      createHash('sha256').update(text, 'utf8').digest('hex'),
      JSON.stringify(text.slice(0, 20)),
    );
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('hmacSha256Hex is node:crypto HMAC-SHA256, with a string or a byte key', () => {
  const bytes = new Uint8Array([0, 1, 2, 255]);
  for (const text of TEXTS) {
    assert.equal(hmacSha256Hex('sécret', text), createHmac('sha256', 'sécret').update(text, 'utf8').digest('hex'));
    assert.equal(hmacSha256Hex(bytes, text), createHmac('sha256', bytes).update(text, 'utf8').digest('hex'));
  }
});

test('randomBase64Url and randomId give fresh values in their formats', () => {
  const a = randomBase64Url(32);
  assert.match(a, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(a, randomBase64Url(32));
  assert.equal(Buffer.from(a, 'base64url').length, 32);
  assert.match(randomId(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
