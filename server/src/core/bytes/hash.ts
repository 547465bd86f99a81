/**
 * SHA-256 and HMAC-SHA256 as hex, and random bytes, without Node built-ins: the core hashes card digests, SARIF
 * fingerprints, cache file names and credential identities, and runs where node:crypto does not (a browser worker).
 * Hashing goes through @noble/hashes (audited, synchronous, no dependencies); randomness through Web Crypto, which
 * Node and browsers both provide as the global `crypto`. Strings are hashed as their UTF-8 bytes, as node:crypto does.
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** Hex SHA-256 of the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Hex HMAC-SHA256 of the UTF-8 bytes of `text`, keyed by `key` (a string is taken as its UTF-8 bytes). */
export function hmacSha256Hex(key: string | Uint8Array, text: string): string {
  return bytesToHex(hmac(sha256, typeof key === 'string' ? utf8ToBytes(key) : key, utf8ToBytes(text)));
}

/** `length` random bytes from the platform's cryptographic generator, base64url without padding. */
export function randomBase64Url(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A random RFC 4122 version 4 UUID from the platform's cryptographic generator. */
export function randomId(): string {
  return crypto.randomUUID();
}
