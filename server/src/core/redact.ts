/**
 * Credentials kept out of every output. An agent may quote the caller's credential back (a JSON-RPC error
 * message, an HTTP error body, an A2A error detail), and a URL may carry userinfo; every text that came from an
 * agent or a URL passes through the redactor of its call, which knows every credential value in use for that
 * call, in every form it may have travelled in, before the text reaches any sink.
 */
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

/** The forms a credential value can appear in: as given, without a `Bearer `/`Basic ` prefix, percent-encoded, base64. */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  const add = (s: string) => { if (s.length >= MIN_SECRET_LENGTH) forms.add(s); };
  const bare = secret.replace(/^(bearer|basic)\s+/i, '');
  for (const s of [secret, bare]) {
    add(s);
    add(encodeURIComponent(s));
    const b64 = base64(s);
    add(b64);
    add(b64.replace(/=+$/, ''));
    add(b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  }
  // `user:password` also travels as its parts (userinfo, Basic auth): the password alone is a secret too.
  const colon = bare.indexOf(':');
  if (colon > 0) { add(bare.slice(colon + 1)); add(decodeSafely(bare.slice(colon + 1))); }
  return [...forms];
}

function decodeSafely(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The redactor for a call that uses these secrets (longest forms first, so a form never leaves a part of a longer one). */
export function redactorFor(secrets: Iterable<string | undefined>): Redactor {
  const forms = new Set<string>();
  for (const s of secrets) if (s) for (const f of secretForms(s)) forms.add(f);
  if (forms.size === 0) return (text) => text;
  const pattern = new RegExp([...forms].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
  return (text) => (typeof text === 'string' ? text.replace(pattern, REDACTED) : text);
}

/** A URL without userinfo (`https://user:secret@host/` → `https://host/`); text that is not a URL is returned as is. */
export function withoutUserinfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1');
}
