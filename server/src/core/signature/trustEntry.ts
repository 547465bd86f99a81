/**
 * One entry of a key-id trust store (the editor's `a2a.trustStore`, the CLI's `--trust-store FILE`): the
 * value given for a `kid`. Accepted forms:
 *   - a string: a JWKS URL (http/https), the JWK or JWKS as JSON text, or PEM text: one public key
 *     ("BEGIN PUBLIC KEY", SubjectPublicKeyInfo) or one certificate ("BEGIN CERTIFICATE", X.509);
 *   - a JWK object or a JWKS object ({"keys": [...]});
 *   - {"key": <any of the above>, "notBefore"?: ISO 8601, "notAfter"?: ISO 8601}: the key with a validity
 *     window (this object may also be given as JSON text).
 * A private key ("BEGIN … PRIVATE KEY", a JWK with "d") is refused and never quoted. Unknown members of the
 * {"key": …} form are refused too: a misspelt "notAfter" must not quietly make a key valid forever.
 */
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import type { KeyMaterial, Validity } from './keyMaterial';

export type TrustStoreValue = string | { [member: string]: unknown };

export type KeySource = { kind: 'url'; url: string } | { kind: 'keys'; keys: KeyMaterial[] };

export interface ParsedTrustEntry {
  source: KeySource;
  /** The entry's own window (notBefore / notAfter); the key's own (certificate, JWK exp/nbf) is checked as well. */
  validity: Validity;
}

export type TrustEntryResult = { ok: true; value: ParsedTrustEntry } | { ok: false; error: string };

const ENTRY_MEMBERS = new Set(['key', 'notBefore', 'notAfter']);
/** ISO 8601 date, or date-time with seconds optional and a zone required (a local time would depend on the machine). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:\d{2}))?$/;
const PRIVATE_PEM = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]{1,40})-----([^-]*)-----END \1-----/g;

const fail = (error: string): TrustEntryResult => ({ ok: false, error });
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** An ISO 8601 instant → epoch ms; a date alone means 00:00 UTC of that day. */
export function parseIsoInstant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_8601.test(value)) return undefined;
  // Date.parse rolls 2027-02-30 over into March: the calendar date must exist as written.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const at = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isFinite(at) ? at : undefined;
}

/** PEM text → one public key or certificate, re-wrapped canonically (settings often hold it on one line). */
export function parsePem(text: string): { ok: true; value: KeyMaterial } | { ok: false; error: string } {
  if (PRIVATE_PEM.test(text)) {
    return {
      ok: false,
      error:
        'it is a PRIVATE key (PEM "PRIVATE KEY"): a trust store holds public keys only; give the public key ("BEGIN PUBLIC KEY") or certificate, and treat the private key as exposed',
    };
  }
  const blocks = [...text.matchAll(PEM_BLOCK)];
  if (blocks.length !== 1) {
    return {
      ok: false,
      error:
        blocks.length === 0
          ? 'it is not readable PEM (no complete BEGIN/END block)'
          : `it holds ${blocks.length} PEM blocks; give one public key or one certificate (the signing certificate, not a chain)`,
    };
  }
  const [, label, body = ''] = blocks[0] ?? [];
  // Copied from an environment variable or a JSON-escaped string, line breaks may arrive as a literal "\n".
  const base64 = body.replace(/\\n|\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return { ok: false, error: `its PEM ${label} block is not base64` };
  const pem = `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
  if (label === 'PUBLIC KEY') return { ok: true, value: { kind: 'spki', pem } };
  if (label === 'CERTIFICATE') return { ok: true, value: { kind: 'x509', pem } };
  return {
    ok: false,
    error: `PEM "${label}" is not supported; give a SubjectPublicKeyInfo ("BEGIN PUBLIC KEY") or an X.509 certificate ("BEGIN CERTIFICATE")`,
  };
}

/** A JWK or JWKS object → its keys. */
function keysOfJson(value: Record<string, unknown>): KeyMaterial[] | string {
  if (Array.isArray(value.keys)) {
    const keys = value.keys.filter(isPlainObject);
    if (keys.length !== value.keys.length) return 'its "keys" array holds something that is not a JWK';
    return keys.map((jwk) => ({ kind: 'jwk', jwk: jwk as JWK }));
  }
  if (typeof value.kty === 'string') return [{ kind: 'jwk', jwk: value as JWK }];
  return 'it is neither a JWKS URL, a JWK or JWKS, PEM text, nor {"key": …, "notBefore"?, "notAfter"?}';
}

/** The key part of an entry: a string (URL, JSON text, PEM) or a JWK / JWKS object. */
function parseKey(value: unknown, allowEntryObject: boolean): TrustEntryResult {
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^https?:\/\//i.test(text)) return { ok: true, value: { source: { kind: 'url', url: text }, validity: {} } };
    if (!text.startsWith('{') && text.includes('-----BEGIN')) {
      const pem = parsePem(text);
      return pem.ok ? { ok: true, value: { source: { kind: 'keys', keys: [pem.value] }, validity: {} } } : pem;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return fail('it is neither a JWKS URL, JWK/JWKS JSON, nor PEM text');
    }
    if (!isPlainObject(parsed)) return fail('its JSON text is not an object (a JWK, a JWKS or {"key": …})');
    return allowEntryObject ? parseTrustEntry(parsed) : parseKey(parsed, false);
  }
  if (!isPlainObject(value)) return fail('it is neither a string nor an object');
  const keys = keysOfJson(value);
  return typeof keys === 'string' ? fail(keys) : { ok: true, value: { source: { kind: 'keys', keys }, validity: {} } };
}

/** A trust-store value (see the file comment) → where its keys come from and its validity window. */
export function parseTrustEntry(value: unknown): TrustEntryResult {
  if (!isPlainObject(value) || !('key' in value)) return parseKey(value, true);
  const unknown = Object.keys(value).filter((m) => !ENTRY_MEMBERS.has(m));
  if (unknown.length)
    return fail(
      `unknown member(s) ${unknown.map((m) => JSON.stringify(m.slice(0, 40))).join(', ')} (allowed: key, notBefore, notAfter)`,
    );
  const validity: Validity = {};
  for (const member of ['notBefore', 'notAfter'] as const) {
    if (value[member] === undefined) continue;
    const at = parseIsoInstant(value[member]);
    if (at === undefined)
      return fail(
        `"${member}" is not an ISO 8601 date or date-time with a zone (e.g. "2027-01-31" or "2027-01-31T12:00:00Z")`,
      );
    validity[member] = { at, from: `its trust-store entry's ${member}` };
  }
  if (validity.notBefore && validity.notAfter && validity.notBefore.at > validity.notAfter.at)
    return fail('"notBefore" is after "notAfter"');
  const key = parseKey(value.key, false);
  return key.ok ? { ok: true, value: { source: key.value.source, validity } } : key;
}
