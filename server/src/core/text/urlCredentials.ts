/**
 * Credentials carried by a URL, decided by the parser that makes the request. Every URL the product requests is
 * parsed by the WHATWG URL parser (`new URL`), which reads userinfo where a pattern would not: it takes the LAST `@`
 * of the authority, accepts `https:user:pw@host`, `https:/…` and `https:\\…`, removes tabs and line breaks anywhere
 * and spaces around, and ignores the case of the scheme. So the question "does this URL hold a password, and which
 * part is it" is answered here, by that parser, for every sink (redaction of URLs and of free text, the profile as
 * shown, the secrets-in-card rule), never by a pattern of our own.
 *
 * Two places carry credentials: the userinfo (`user:password@`, dropped from what is shown) and query or fragment
 * parameters named for a credential (their value replaced by REDACTED_VALUE, so the reader still sees that the URL
 * wants one). The names are those the standards and the big providers define as carrying a secret, compared
 * ignoring case and the separators `-`, `_` and `.`:
 * - OAuth 2.0 and bearer tokens (RFC 6749, 6750, 7521): access_token, refresh_token, id_token, client_secret,
 *   code (the authorization code), password, assertion, client_assertion;
 * - signed URLs: AWS SigV4 (X-Amz-Signature, X-Amz-Credential, X-Amz-Security-Token), Google Cloud Storage
 *   (X-Goog-Signature, X-Goog-Credential), Azure SAS (sig);
 * - API keys as providers spell them: key, api_key, apikey, api-key, token, auth, authorization, secret, sig,
 *   signature, pwd, passwd, jwt, session;
 * - and any name ending in token, secret, password, passwd, apikey, signature or credential (github_token,
 *   x-api-key, app_secret).
 */

/** What a credential's value is replaced by in a query or fragment (the same text as redact.ts's REDACTED). */
export const REDACTED_VALUE = '[redacted]';

const CREDENTIAL_NAMES = new Set([
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'clientsecret',
  'code',
  'password',
  'assertion',
  'clientassertion',
  'xamzsignature',
  'xamzcredential',
  'xamzsecuritytoken',
  'xgoogsignature',
  'xgoogcredential',
  'sig',
  'key',
  'apikey',
  'token',
  'auth',
  'authorization',
  'secret',
  'signature',
  'pwd',
  'passwd',
  'jwt',
  'session',
]);

const CREDENTIAL_SUFFIX = /(?:token|secret|password|passwd|apikey|signature|credentials?)$/;

/** Whether a query or fragment parameter of this name carries a credential (see the list above). */
export function isCredentialParameter(name: string): boolean {
  const normal = decoded(name.replace(/\+/g, ' '))
    .toLowerCase()
    .replace(/[-_.\s]/g, '');
  return CREDENTIAL_NAMES.has(normal) || CREDENTIAL_SUFFIX.test(normal);
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `value` as the request would parse it; undefined when it is not a URL. */
export function parseUrl(value: string): URL | undefined {
  if (!value.includes(':')) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The credential parameters of a query or fragment (`?a=1&key=…`, `#access_token=…`): their values as written. */
function credentialValues(part: string): string[] {
  const out: string[] = [];
  for (const pair of part.replace(/^[?#]/, '').split('&')) {
    const eq = pair.indexOf('=');
    const value = pair.slice(eq + 1);
    if (eq > 0 && value !== '' && value !== REDACTED_VALUE && isCredentialParameter(pair.slice(0, eq))) out.push(value);
  }
  return out;
}

/** A query or fragment with each credential parameter's value replaced. */
function withoutCredentialValues(part: string): string {
  if (part === '') return part;
  const lead = part[0];
  const pairs = part
    .slice(1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq > 0 && eq < pair.length - 1 && isCredentialParameter(pair.slice(0, eq))
        ? `${pair.slice(0, eq + 1)}${REDACTED_VALUE}`
        : pair;
    });
  return `${lead}${pairs.join('&')}`;
}

/** Whether a parsed URL carries a credential: userinfo, or a credential parameter in its query or fragment. */
export function hasCredentials(url: URL): boolean {
  return (
    url.username !== '' ||
    url.password !== '' ||
    credentialValues(url.search).length > 0 ||
    credentialValues(url.hash).length > 0
  );
}

/** The URL as it may be shown: no userinfo, credential parameters' values replaced, in the parser's serialisation. */
function cleaned(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  copy.search = withoutCredentialValues(copy.search);
  copy.hash = withoutCredentialValues(copy.hash);
  return copy.href;
}

/** `scheme://host…`, the form people read as a URL (`https:host` and `https:\\host` are shown serialised). */
const AUTHORITY_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\\]/;

/**
 * The URL as it may be shown, as close to how `written` spells it as the parser allows: the userinfo cut out of the
 * text and the parameters' values replaced there, kept only when the parser reads that text as exactly the cleaned
 * URL (so `https://host:8443` stays without the `/` the serialisation adds); otherwise the serialisation.
 */
function shownAsWritten(url: URL, written: string): string {
  const serialised = cleaned(url);
  const hash = written.indexOf('#');
  const beforeHash = hash < 0 ? written : written.slice(0, hash);
  const query = beforeHash.indexOf('?');
  const base = (query < 0 ? beforeHash : beforeHash.slice(0, query)).replace(LOOSE_USERINFO, '$1');
  const text =
    base +
    (query < 0 ? '' : withoutCredentialValues(beforeHash.slice(query))) +
    (hash < 0 ? '' : withoutCredentialValues(written.slice(hash)));
  return AUTHORITY_FORM.test(text) && parseUrl(text)?.href === serialised ? text : serialised;
}

/**
 * The credentials a URL value carries, for a redactor: `user:password`, the password and the user name, each as
 * the parser serialises it and decoded, and the credential parameters' values. Empty for a value that is not a URL
 * or carries none.
 */
export function urlCredentialValues(value: string | undefined): string[] {
  const url = value === undefined ? undefined : parseUrl(value);
  if (!url || !hasCredentials(url)) return [];
  const out = new Set<string>();
  const add = (s: string) => {
    if (s !== '') {
      out.add(s);
      out.add(decoded(s));
    }
  };
  // `user:password` (the redactor also knows the password alone); a user name alone only when it is the credential
  // (`https://<token>@host`): as a part of `user:password` it is often a word that would blank ordinary text.
  if (url.password !== '') add(`${url.username}:${url.password}`);
  else add(url.username);
  for (const v of [...credentialValues(url.search), ...credentialValues(url.hash)]) add(v);
  return [...out];
}

/**
 * A URL value without its credentials, as every output shows it: parsed as the request parses it, userinfo
 * dropped and credential parameters replaced (the URL in the parser's serialisation then). A value that carries
 * none is returned exactly as it is; a value that is not a URL has the URLs inside its text cleaned.
 */
export function withoutUrlCredentials(value: string): string {
  const url = parseUrl(value);
  // The URL shown may hold another URL in its path or query: that one is cleaned as text.
  return withoutUrlCredentialsInText(url && hasCredentials(url) ? shownAsWritten(url, value) : value);
}

/**
 * Where a URL may start in free text: a scheme not preceded by a letter. A reader takes `7https://user:pw@host`
 * or `1.https://…` for a URL with a password although the scheme the parser would read (`7https`) is not one, so
 * a start after a digit, `+`, `.` or `-` is tried too; a start inside a run of letters is not (the run's first
 * letter already starts a longer scheme that holds the same userinfo).
 */
const SCHEME_START = /(?<![A-Za-z])[A-Za-z][A-Za-z0-9+.-]*:/g;
/**
 * A run of text a URL may span: up to a space, quotes or angle brackets (which the parser would encode). Tabs and
 * line breaks do not end it: the parser removes them, so they cannot split a password off its URL.
 */
const RUN = /[^ \f\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"'<>`]+/g;
/** Punctuation that closes the sentence around a URL rather than belonging to it. */
const TRAILING = /[)\]},.;:!?]+$/;
/**
 * Scheme starts tried per run (a URL nested in another's query needs a second): bounds the work on a run made of
 * `a:a:a:…@`. A run with more that holds credentials is replaced whole.
 */
const MAX_STARTS = 16;
/** Over this length a run is parsed from two scheme starts at most: each parse reads the whole run. */
const LONG_RUN = 16 * 1024;
const MAX_STARTS_LONG = 2;

/** Cheap screen of one string: credentials in a URL need an `@` (userinfo) or an `=` (a parameter). */
export function mayHoldUrlCredentials(text: string): boolean {
  return text.includes('@') || text.includes('=');
}

/**
 * Cheap screen of a whole JSON text, for a document whose strings would otherwise all be looked at: userinfo is a
 * `:` then an `@` within one string (JSON escapes such as `\"` or `\t` inside; the last `:` before the `@` is
 * enough), a parameter a `?`, `#` or `&`, a name and an `=`. Each attempt stops at the next `:`, at the end of a
 * string or at white space: linear in the text.
 */
const USERINFO_SCREEN = /:(?:[^\s"\\:@]|\\[^:]){0,512}@/;
const PARAMETER_SCREEN = /[?#&][\w.%-]{1,64}=[^\s"&]/;

export function jsonMayHoldUrlCredentials(text: string): boolean {
  // `includes` first: most cards have no `@` or no `=` at all, and looking for one character is far cheaper.
  return (text.includes('@') && USERINFO_SCREEN.test(text)) || (text.includes('=') && PARAMETER_SCREEN.test(text));
}

interface FoundUrl {
  /** Where it starts in the text, and how long it is there. */
  start: number;
  length: number;
  /** What is shown in its place (computed only by the redaction). */
  shown: () => string;
  /** Parsed as the request would parse it; absent for a text the parser refuses (or a run too crowded to look into). */
  url?: URL;
  /** The userinfo of a text the parser refuses (`https://user:pw@` with no host). */
  userinfo?: string;
}

/** The URLs with credentials in a free text, left to right, not overlapping. */
function* credentialUrls(text: string): Generator<FoundUrl> {
  if (!mayHoldUrlCredentials(text)) return;
  for (const run of text.matchAll(RUN)) {
    const r = run[0];
    if (!r.includes(':') || !mayHoldUrlCredentials(r)) continue;
    let tried = 0;
    let after = 0;
    for (const m of r.matchAll(SCHEME_START)) {
      if (m.index < after) continue;
      if (++tried > (r.length > LONG_RUN ? MAX_STARTS_LONG : MAX_STARTS)) {
        yield { start: run.index + after, length: r.length - after, shown: () => REDACTED_VALUE };
        break;
      }
      const found = credentialUrlAt(r.slice(m.index));
      if (!found) continue;
      yield { ...found, start: run.index + m.index };
      after = m.index + found.length;
    }
  }
}

/**
 * A text the parser refuses that still spells userinfo as the parser would read it: the scheme, any slashes, then
 * the authority up to its last `@`. Not a URL anything requests, but its password is a password all the same.
 */
const LOOSE_USERINFO = /^([A-Za-z][A-Za-z0-9+.-]*:[/\\]*)([^/?#\\]*)@/;

/**
 * The URL with credentials at the start of `token`. The whole run is what the parser would read; only when it is
 * not a URL at all is it tried again without trailing punctuation (`…@host).`), and then read loosely.
 */
function credentialUrlAt(token: string): Omit<FoundUrl, 'start'> | undefined {
  if (!mayHoldUrlCredentials(token)) return undefined;
  let candidate = token;
  let url = parseUrl(candidate);
  if (!url) {
    candidate = token.replace(TRAILING, '');
    url = candidate === token ? undefined : parseUrl(candidate);
  }
  const written = candidate;
  if (url)
    return hasCredentials(url)
      ? { url, length: written.length, shown: () => shownAsWritten(url!, written) }
      : undefined;
  const loose = LOOSE_USERINFO.exec(token);
  return loose ? { length: loose[0].length, shown: () => loose[1]!, userinfo: loose[2]! } : undefined;
}

/**
 * Free text (an agent's message, a finding, a JSON text) with every URL in it cleaned: each place a scheme starts
 * is parsed with the run of characters up to white space or a quote (again without trailing punctuation), so a URL
 * nested in another's query is found as well.
 */
export function withoutUrlCredentialsInText(text: string): string {
  // A URL can hold another in its path (`https://u:p@a/xhttps://u:q@b`): cleaning the outer one shows the inner
  // one's start, so passes repeat until nothing changes; past MAX_PASSES what is left of a URL with credentials is
  // replaced whole.
  let current = text;
  for (let pass = 1; ; pass++) {
    const next = cleanedOnce(current, pass >= MAX_PASSES);
    if (next === current) return current;
    current = next;
  }
}

/** Passes over a text before the URLs still holding credentials are replaced whole (nesting deeper than this). */
const MAX_PASSES = 4;

function cleanedOnce(text: string, whole: boolean): string {
  let out = '';
  let last = 0;
  for (const f of credentialUrls(text)) {
    out += text.slice(last, f.start) + (whole ? REDACTED_VALUE : f.shown());
    last = f.start + f.length;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** A credential a URL in a text carries, for the secrets-in-card rule. */
export interface UrlCredentialHit {
  kind: string;
  /** As the text holds it (what must be kept out of other findings). */
  secret: string;
}

/**
 * The passwords and credential parameters of the URLs in a string, each as the text holds it: the string itself
 * parsed as the request would parse it (tabs and line breaks inside, spaces around), and each URL in its text.
 * Placeholders (`password`, `<token>`, `${KEY}`, `****`) are not credentials.
 */
export function urlCredentialsIn(text: string): UrlCredentialHit[] {
  if (!mayHoldUrlCredentials(text) || !text.includes(':')) return [];
  const hits: UrlCredentialHit[] = [];
  const add = (kind: string, secret: string) => {
    if (!placeholder(secret) && !hits.some((h) => h.secret === secret)) hits.push({ kind, secret });
  };
  const whole = parseUrl(text);
  if (whole) collect(whole, text, add);
  for (const f of credentialUrls(text)) {
    if (f.url) collect(f.url, text.slice(f.start, f.start + f.length), add);
    const colon = f.userinfo?.indexOf(':') ?? -1;
    if (colon >= 0) add('a password in a URL (basic-auth userinfo)', f.userinfo!.slice(colon + 1));
  }
  return hits;
}

function collect(url: URL, written: string, add: (kind: string, secret: string) => void): void {
  if (url.password !== '') {
    const kind =
      url.protocol === 'http:' || url.protocol === 'https:'
        ? 'a password in a URL (basic-auth userinfo)'
        : `a ${url.protocol.slice(0, -1)} connection string with a password`;
    add(kind, asWritten(written, url.password));
  }
  for (const v of [...credentialValues(url.search), ...credentialValues(url.hash)])
    if (v.length >= 8) add('a credential in a URL query parameter', asWritten(written, v));
}

/**
 * A part of a URL as the text wrote it. The parser serialises (percent-encodes `"` and spaces, drops tabs and
 * line breaks), so the serialised part may not be in the text: then the decoded form, or the span of the text that
 * spells it with tabs and line breaks in between.
 */
function asWritten(written: string, serialised: string): string {
  if (written.includes(serialised)) return serialised;
  const plain = decoded(serialised);
  if (written.includes(plain) || plain.length > MAX_SPELLED) return plain;
  const spaced = new RegExp([...plain].map(escapeRegExp).join('[\\t\\n\\r]*'));
  return spaced.exec(written)?.[0] ?? plain;
}

/** Longer parts are not looked for with line breaks in between (a URL part is short; the search is a pattern). */
const MAX_SPELLED = 1024;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A value that only stands in for a credential: `password`, `****`, `<pass>`, `${DB_PASSWORD}`, `%s`. */
function placeholder(p: string): boolean {
  return (
    /^[<{[$%]/.test(p) ||
    /^(.)\1*$/.test(p) ||
    /^(?:pass(?:word)?|passwd|pwd|secret|changeme|change_me|example|test|xxx+|\.\.\.|…)$/i.test(p) ||
    /your[-_]?(?:pass|key|token|secret)|^pass(?:word)?\d?$/i.test(p)
  );
}
