/**
 * Credentials kept out of every output. An agent may quote the caller's credential back (a JSON-RPC error
 * message, an HTTP error body, an A2A error detail), and a URL may carry userinfo; every text that came from an
 * agent or a URL passes through the redactor of its call, which knows every credential value in use for that
 * call, in every form it may have travelled in, before the text reaches any sink.
 *
 * A redactor removes two things: the call's secrets (in each form secretForms lists) and the credentials of any
 * URL in the text (`https://user:secret@host/` → `https://host/`, `?api_key=…` → `?api_key=[redacted]`), whether
 * or not the call knew that URL, read by the parser that makes requests (urlCredentials.ts).
 */
import { runFinder } from './secretRuns';
import { urlCredentialValues, withoutUrlCredentials } from './urlCredentials';

export const REDACTED = '[redacted]';

/** A function that removes the call's secrets from a text. */
export type Redactor = (text: string) => string;

/** A secret shorter than this is not searched for: it would mangle ordinary text, and guards nothing real. */
const MIN_SECRET_LENGTH = 4;

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The forms a credential value can appear in: as given, without a `Bearer `/`Basic ` prefix, percent-encoded
 * (both URL encoders), base64 (standard, unpadded, base64url), inside a JSON string, and for `user:password`
 * (userinfo, Basic auth) the password alone. A `Basic` value is decoded too, so its `user:password` is known.
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  const add = (s: string) => {
    if (s.length >= MIN_SECRET_LENGTH) forms.add(s);
  };
  const bare = secret.replace(/^(bearer|basic)\s+/i, '');
  const plain = new Set([secret, bare, decodeSafely(bare)]);
  const basic = /^basic\s+([A-Za-z0-9+/=_-]+)$/i.exec(secret);
  const decoded = basic?.[1] === undefined ? undefined : decodeBase64(basic[1]);
  if (decoded) plain.add(decoded);
  // `user:password` also travels as its parts (userinfo, Basic auth): the password alone is a secret too.
  for (const s of [...plain]) {
    const colon = s.indexOf(':');
    if (colon > 0) {
      plain.add(s.slice(colon + 1));
      plain.add(decodeSafely(s.slice(colon + 1)));
    }
  }
  for (const s of plain) {
    add(s);
    add(encodeURIComponent(s));
    add(encodeURI(s));
    add(JSON.stringify(s).slice(1, -1));
    const b64 = base64(s);
    add(b64);
    add(b64.replace(/=+$/, ''));
    add(b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  }
  return [...forms];
}

function decodeBase64(text: string): string | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The redactor for a call that uses these secrets (longest forms first, so a form never leaves a part of a longer one). */
export function redactorFor(secrets: Iterable<string | undefined>): Redactor {
  const forms = new Set<string>();
  for (const s of secrets) if (s) for (const f of secretForms(s)) forms.add(f);
  const pattern =
    forms.size > 0
      ? new RegExp(
          [...forms]
            .sort((a, b) => b.length - a.length)
            .map(escapeRegExp)
            .join('|'),
          'g',
        )
      : undefined;
  // Any long enough run of a secret, in any case or encoding (core/text/secretRuns.ts); a `Bearer `/`Basic ` form would
  // make the scheme word itself part of a run.
  const runs = runFinder([...forms].filter((f) => !/^(?:bearer|basic)\s/i.test(f)));
  return (text) => {
    if (typeof text !== 'string') return text;
    const whole = pattern ? text.replace(pattern, REDACTED) : text;
    const without = runs ? runs.replace(whole, REDACTED) : whole;
    return withoutUrlCredentials(without);
  };
}

/** A URL without its credentials (urlCredentials.ts); a URL without any is returned as is. */
export function withoutUserinfo(url: string): string {
  return withoutUrlCredentials(url);
}

/** The secrets a URL carries (userinfo, credential parameters; as written and decoded), for the redactor of its call. */
export function urlSecrets(url: string | undefined): string[] {
  return urlCredentialValues(url);
}

/**
 * The secrets in credential headers as a request sends them: an Authorization value (its token, and for Basic the
 * decoded `user:password`), a cookie's value after `name=`, any other header's value as it is.
 */
export function headerSecrets(headers: Readonly<Record<string, string>> | undefined): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'cookie') {
      for (const pair of value.split(/;\s*/)) {
        const eq = pair.indexOf('=');
        out.push(eq >= 0 ? pair.slice(eq + 1) : pair);
      }
    } else out.push(value);
  }
  return out;
}

/** A JSON-like value with every string in it (member names too) passed through the redactor; other values as they are. */
export function redactValue<T>(value: T, redact: Redactor): T {
  return walk(value, redact, 0) as T;
}

/** Deeper than any JSON the product accepts; past it a value is replaced rather than walked forever. */
const MAX_DEPTH = 200;

function walk(value: unknown, redact: Redactor, depth: number): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => walk(v, redact, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(out, redact(k), {
      value: walk(v, redact, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * The same failure with its message redacted: an Error keeps its class and own fields (a NetError its kind, URL
 * and details), so callers that look at them still can; anything else becomes an Error with a redacted text.
 */
export function redactError(err: unknown, redact: Redactor): unknown {
  if (!(err instanceof Error)) return new Error(redact(String(err)));
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Error;
  for (const key of Object.getOwnPropertyNames(err)) {
    if (key === 'stack') continue;
    const v = (err as unknown as Record<string, unknown>)[key];
    Object.defineProperty(copy, key, {
      value: redactValue(v, redact),
      enumerable: key !== 'message',
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
