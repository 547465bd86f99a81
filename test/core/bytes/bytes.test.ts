import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  base64UrlDecode,
  base64UrlEncode,
  hasNonAscii,
  utf8ByteLength,
  utf8Bytes,
  utf8Text,
} from '../../../server/src/core/bytes/bytes';
import { seededRandom } from '../../seededRandom';

// The core's byte helpers stand in for Buffer: on any input they must give what Buffer gave, or findings, digests
// and signature outcomes would move. Each is compared with Buffer on fixed edge cases and on seeded random input.
const random = seededRandom(15);
const int = (n: number): number => Math.floor(random() * n);

/** Characters a base64 decoder must handle: both alphabets, padding, whitespace, junk, and code units > 0xff. */
const BASE64_CHARS = 'AZaz09+/-_=., \n\t\r!~"\u0000\u00ff\u0141\u013d\u0100\u017e\ud83d\ude00é';
function base64ish(): string {
  let s = '';
  const length = int(24);
  for (let i = 0; i < length; i++)
    s += random() < 0.7 ? 'QUJDxyz019-_+/'.charAt(int(14)) : BASE64_CHARS.charAt(int(BASE64_CHARS.length));
  return s;
}

function randomBytes(maxLength: number): Uint8Array {
  const bytes = new Uint8Array(int(maxLength));
  for (let i = 0; i < bytes.length; i++) bytes[i] = random() < 0.5 ? int(256) : 0x80 + int(0x80);
  return bytes;
}

function randomText(): string {
  let s = '';
  const length = int(16);
  for (let i = 0; i < length; i++) s += String.fromCharCode(random() < 0.3 ? 0xd800 + int(0x800) : int(0x10000));
  return s;
}

test('base64UrlDecode decodes exactly as Buffer.from(text, "base64url"), junk and padding included', () => {
  const fixed = ['', 'QQ', 'QQ==', 'QQ==QUFB', 'QUJD', 'Q', 'Q=Q', 'eyJhbGciOiJFUzI1NiJ9', 'a b\nc', 'Łą', '+/-_'];
  for (const text of [...fixed, ...Array.from({ length: 5000 }, base64ish)])
    assert.deepEqual(
      Array.from(base64UrlDecode(text)),
      Array.from(Buffer.from(text, 'base64url')),
      JSON.stringify(text),
    );
});

test('base64UrlEncode encodes exactly as buffer.toString("base64url")', () => {
  for (let n = 0; n < 2000; n++) {
    const bytes = randomBytes(40);
    assert.equal(base64UrlEncode(bytes), Buffer.from(bytes).toString('base64url'));
  }
});

test('utf8Text decodes exactly as buffer.toString("utf8"): malformed sequences and a BOM included', () => {
  const fixed = [[0xef, 0xbb, 0xbf, 0x41], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82, 0x41]];
  for (const bytes of [...fixed.map((b) => Uint8Array.from(b)), ...Array.from({ length: 5000 }, () => randomBytes(12))])
    assert.equal(utf8Text(bytes), Buffer.from(bytes).toString('utf8'), JSON.stringify(Array.from(bytes)));
});

/** Texts longer than the slices the helpers encode at a time, with pairs, lone halves and non-ASCII at the seams. */
function longTexts(): string[] {
  const out: string[] = [];
  for (const at of [16 * 1024 - 2, 16 * 1024 - 1, 16 * 1024, 16 * 1024 + 1, 32 * 1024 - 1, 50_000]) {
    for (const insert of ['\ud83d\ude00', '\ud83d', '\ude00', '\ude00\ud83d', 'é', '\u0080', '\u007f']) {
      const text = 'a'.repeat(at) + insert + 'b'.repeat(at % 7);
      out.push(text, text.repeat(3));
    }
  }
  out.push('a'.repeat(100_000), '\ud83d'.repeat(40_000), '\ud83d\ude00'.repeat(20_000), '\ude00'.repeat(40_000));
  return out;
}

test('utf8Bytes and utf8ByteLength agree with Buffer, lone surrogates included', () => {
  for (const text of [
    '',
    'abc',
    'é☃𝄞',
    '\ud800',
    '\udc00\ud800',
    'x\ud83d',
    ...Array.from({ length: 5000 }, randomText),
    ...longTexts(),
  ]) {
    assert.deepEqual(Array.from(utf8Bytes(text)), Array.from(Buffer.from(text, 'utf8')), JSON.stringify(text));
    assert.equal(utf8ByteLength(text), Buffer.byteLength(text, 'utf8'), JSON.stringify(text));
    assert.equal(hasNonAscii(text), Buffer.byteLength(text, 'utf8') !== text.length, JSON.stringify(text));
  }
});
