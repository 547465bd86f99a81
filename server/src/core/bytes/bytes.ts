/**
 * Bytes and text without Node's Buffer, so the core runs where Buffer does not (a browser worker). Each function
 * gives exactly what the Buffer call it stands for gave (test/core/bytes/bytes.test.ts compares them on arbitrary input):
 * findings, digests and signature outcomes must not change with the platform.
 */

// A BOM is text like any other here: Buffer's toString kept it, and card text strips it where it means to.
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });
const UTF8_ENCODER = new TextEncoder();

/** The bytes as UTF-8 text; malformed sequences become U+FFFD (as `buffer.toString('utf8')`). */
export function utf8Text(bytes: Uint8Array): string {
  return UTF8.decode(bytes);
}

/** The UTF-8 bytes of `text`; a lone surrogate becomes U+FFFD (as `Buffer.from(text, 'utf8')`). */
export function utf8Bytes(text: string): Uint8Array {
  return UTF8_ENCODER.encode(text);
}

/**
 * Long texts are encoded a slice at a time into one scratch buffer: the native encoder is many times faster than a
 * loop over the code units (a 3 MB card: about a fortieth of its JSON.parse, against half of it), and no buffer as
 * big as the text is ever made. Every slice fits: a UTF-16 code unit is at most 3 bytes of UTF-8.
 */
const SLICE = 16 * 1024;
const scratch = new Uint8Array(SLICE * 3);

/** The end of the slice that starts at `start`: never between the two halves of a surrogate pair. */
function sliceEnd(text: string, start: number): number {
  const end = Math.min(text.length, start + SLICE);
  return end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end;
}

/** The length of `text` in UTF-8 bytes, counted without encoding it whole (as `Buffer.byteLength(text, 'utf8')`). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let start = 0; start < text.length;) {
    const end = sliceEnd(text, start);
    bytes += UTF8_ENCODER.encodeInto(text.substring(start, end), scratch).written;
    start = end;
  }
  return bytes;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** Whether the text has a character outside ASCII: some slice encodes to more bytes than it has code units. */
export function hasNonAscii(text: string): boolean {
  for (let start = 0; start < text.length;) {
    const end = sliceEnd(text, start);
    if (UTF8_ENCODER.encodeInto(text.substring(start, end), scratch).written !== end - start) return true;
    start = end;
  }
  return false;
}

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes as unpadded base64url (as `buffer.toString('base64url')`). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const group = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += BASE64URL_ALPHABET[(group >> (18 - 6 * c)) & 0x3f];
  }
  return out;
}

/** Sextet value of each byte: both alphabets (`+`/`-` are 62, `/`/`_` are 63); -1 for anything else. */
const SEXTET: Int8Array = (() => {
  const table = new Int8Array(256).fill(-1);
  for (let v = 0; v < 64; v++) table[BASE64URL_ALPHABET.charCodeAt(v)] = v;
  table['+'.charCodeAt(0)] = 62;
  table['/'.charCodeAt(0)] = 63;
  return table;
})();
const PAD = '='.charCodeAt(0);

/**
 * Base64 or base64url (unpadded or padded) decoded as leniently as `Buffer.from(text, 'base64url')`: characters of
 * neither alphabet are skipped, the first `=` ends the data, and a code unit is read by its low byte. Untrusted
 * text (a signature's protected header) must decode to the same bytes here as it did with Buffer, or the same
 * card would verify differently.
 */
export function base64UrlDecode(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let length = 0;
  let sextets = 0;
  let previous = 0;
  for (let i = 0; i < text.length; i++) {
    const byte = text.charCodeAt(i) & 0xff;
    const value = SEXTET[byte] ?? -1;
    if (value < 0) {
      if (byte === PAD) break;
      continue;
    }
    // Each sextet after the first of a group of four completes one byte.
    const position = sextets++ % 4;
    if (position === 1) out[length++] = ((previous & 0x3f) << 2) | ((value & 0x30) >> 4);
    else if (position === 2) out[length++] = ((previous & 0x0f) << 4) | ((value & 0x3c) >> 2);
    else if (position === 3) out[length++] = ((previous & 0x03) << 6) | (value & 0x3f);
    previous = value;
  }
  return out.slice(0, length);
}
