/**
 * The shapes of credentials that have no business in a public document: provider API keys and tokens (from
 * secretlint's maintained rules, core/text/secretlintShapes.ts), and here what those rules do not cover: JWTs, Azure
 * storage keys, keys in URL query strings, and providers' looser formats (OpenAI and Anthropic keys without their
 * newest markers, Stripe, Google). Passwords in URLs are not a shape: they are what the WHATWG URL parser, which
 * makes the requests, reads as userinfo (core/text/urlCredentials.ts; core/text/secretPlaces.ts asks both). Pure; used by the
 * secrets-in-card rule (what it flags) and by lint (which keeps what it flags out of every other finding:
 * core/text/hideSecrets.ts).
 *
 * False positives cost trust, so every shape is anchored on a provider's fixed prefix, and the loose ones (OpenAI's
 * `sk-`, JWTs) must also look random: documentation placeholders (`sk-...`, `AKIAIOSFODNN7EXAMPLE`,
 * `postgres://user:password@host`) are not credentials.
 */

import { anchoredTest } from './anchoredScreen';
import { secretlintHits, type ShapeHit } from './secretlintShapes';
import { jsonMayHoldUrlCredentials } from './urlCredentials';

/** What it looks like, for a message ("a GitHub token", "a PEM private key"), and the credential itself. */
export type SecretHit = ShapeHit;

interface Shape {
  kind: string;
  pattern: RegExp;
  /** The group holding the secret (default: the whole match). */
  group?: number;
  /** Further test of the candidate: a placeholder or a word is not a credential. */
  accept?: (secret: string) => boolean;
}

/** Minimum Shannon entropy (bits per character) of a token for the loose shapes: words score about 3, keys over 4. */
const MIN_ENTROPY = 3.5;

export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Random-looking: letters and digits mixed, high entropy, not a documentation example. */
function random(s: string): boolean {
  return (
    /\d/.test(s) &&
    /[A-Za-z]/.test(s) &&
    entropy(s) >= MIN_ENTROPY &&
    !/example|sample|dummy|placeholder|x{6}|your/i.test(s)
  );
}

/** Query parameters that carry a credential: `api_key`, `access_token`, `client_secret`, `password`, … */
const QUERY_KEY_NAMES =
  '[a-z0-9_.-]{0,30}(?:api[_-]?key|apikey|access[_-]?key|token|secret|passw(?:or)?d|pwd|auth|credential)[a-z0-9_]{0,20}|key|code';

function decodeURIComponentSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const SHAPES: readonly Shape[] = [
  {
    kind: 'a PEM private key',
    pattern: /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/,
    accept: (s) => /[A-Za-z0-9+/]{40,}/.test(s),
  },
  {
    kind: 'a Stripe live secret key',
    pattern: /\b([sr]k_live_[A-Za-z0-9]{20,247})\b/,
    group: 1,
    accept: (s) => random(s.slice(8)),
  },
  { kind: 'a Google API key', pattern: /\b(AIza[0-9A-Za-z_-]{35})(?![0-9A-Za-z_-])/, group: 1, accept: random },
  {
    kind: 'an Anthropic API key',
    pattern: /\b(sk-ant-[A-Za-z0-9_-]{32,250})/,
    group: 1,
    accept: (s) => random(s.slice(7)),
  },
  {
    kind: 'an OpenAI API key',
    pattern: /\b(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,250})/,
    group: 1,
    accept: (s) => !s.startsWith('sk-ant-') && random(s.replace(/^sk-(?:proj-|svcacct-|admin-)?/, '')),
  },
  {
    kind: 'an Azure storage account key',
    pattern: /\b(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,100}={0,2})/,
    group: 1,
    accept: random,
  },
  {
    kind: 'an Azure shared access signature',
    pattern: /[?&;]sig=([A-Za-z0-9%+/]{30,120}(?:%3D|=){0,2})/,
    group: 1,
    accept: (s) => random(decodeURIComponentSafely(s)),
  },
  {
    kind: 'an API key in a URL query string',
    pattern: new RegExp(`[?&;](?:${QUERY_KEY_NAMES})=([^&#\\s"'<>]{12,256})`, 'i'),
    group: 1,
    accept: (s) => random(decodeURIComponentSafely(s)),
  },
];

/**
 * Cheap screen for a whole document text: every shape contains one of these stems. Text without any of them holds
 * no secret of these shapes (URL credentials have their own screen: jsonMayHoldUrlCredentials).
 *
 * One regex with every stem would be tried at nearly every character of the text (its stems start with common
 * letters, `"` and `:`), a sixth of a JSON.parse on a big card. So each stem is looked for in the way that makes it
 * quick to rule out: a character most texts lack (`=`, `_`, five dashes) looked for first with `includes`; a stem
 * holding a rare character (an upper-case `A`, the `J` of `eyJ`, the dash of `sk-`) found from that character
 * (ANCHORED_STEMS).
 */
const DASHED_STEMS = /sk-|glpat-|xox[abposr]-|xapp-|x-oauth-basic/;
const UNDERSCORED_STEMS = /(?:gh[pousr]|github_pat|npm|hf|k_live)_/;
const SECRET_ACCESS_KEY = /secret_?access_?key/i;
const EQUALS_STEMS = /AccountKey=|SharedAccessKey=|[?&;]sig=|[?&][A-Za-z0-9_.-]{0,40}=/;

/**
 * The stems above, each found from a character it holds (anchoredScreen.ts): at 3 MB about 0.5 ms instead of 1.8 ms
 * for the literal and dashed passes. `whole` is the stem's pass over the text, for a text full of the anchor.
 */
const ANCHORED_STEMS: readonly { anchor: string; at: RegExp; whole: RegExp }[] = [
  {
    anchor: 'A',
    at: /A(?:[KSBC][IC]A|3T[A-Z0-9]|GPA|IDA|ROA|IPA|NPA|NVA|Iza)/y,
    whole: /A(?:[KSBC][IC]A|3T[A-Z0-9]|GPA|IDA|ROA|IPA|NPA|NVA|Iza)/,
  },
  { anchor: 'J', at: /(?<=ey)J/y, whole: /eyJ/ },
  { anchor: 'y', at: /(?<="kt)y"/y, whole: /"kty"/ },
  { anchor: '.', at: /(?<=hooks)\.slack\.com/y, whole: /hooks\.slack\.com/ },
  { anchor: '-', at: /(?<=sk|glpat|xox[abposr]|xapp)-|(?<=x)-oauth-basic/y, whole: DASHED_STEMS },
];

function hasStem(text: string): boolean {
  for (const { anchor, at, whole } of ANCHORED_STEMS) if (anchoredTest(text, anchor, at, whole)) return true;
  return (
    (text.includes('-----') && text.includes('-----BEGIN')) ||
    (text.includes('_') && UNDERSCORED_STEMS.test(text)) ||
    SECRET_ACCESS_KEY.test(text) ||
    (text.includes('=') && EQUALS_STEMS.test(text))
  );
}

/**
 * A JSON escape of a printable ASCII character (`\u005f` for `_`): no serializer writes one, so a text holding one
 * is screened again with its escapes decoded (a stem written `ghp\u005f` is still a stem). Text with only the
 * escapes serializers do write (controls, non-ASCII) costs one more scan for this, not a decoding.
 */
const ESCAPED_ASCII = /\\u00[2-7][0-9a-fA-F]/;

function unescaped(text: string): string {
  return text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether a document text may hold a credential: a shape's stem, or what may be a URL's userinfo or parameter. */
function mayHoldAny(text: string): boolean {
  return hasStem(text) || jsonMayHoldUrlCredentials(text);
}

export function mayHoldSecrets(text: string): boolean {
  // `includes` first: a text without any \u escape (most) skips the pattern's scan.
  return mayHoldAny(text) || (text.includes('\\u') && ESCAPED_ASCII.test(text) && mayHoldAny(unescaped(text)));
}

/**
 * JSON Web Tokens: header.payload.signature, the first two base64url JSON objects ("eyJ" is `{"`). Found per run of
 * base64url characters and dots, each run looked at once: a pattern with long repeats tried from every "eyJ" of a
 * long run would be quadratic.
 */
function jwtsIn(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/[A-Za-z0-9_.-]{40,}/g) ?? []) {
    if (!run.includes('eyJ')) continue;
    const parts = run.split('.');
    for (let i = 0; i + 2 < parts.length; i++) {
      const [h, p, sig] = [parts[i], parts[i + 1], parts[i + 2]];
      if (h === undefined || p === undefined || sig === undefined) continue;
      const header = h.slice(h.lastIndexOf('eyJ'));
      if (
        h.includes('eyJ') &&
        header.length >= 13 &&
        p.startsWith('eyJ') &&
        p.length >= 13 &&
        sig.length >= 20 &&
        random(sig)
      ) {
        out.push(`${header}.${p}.${sig}`);
        i += 2;
      }
    }
  }
  return out;
}

/** The credentials in one string, each once: secretlint's first, then SHAPES, JSON Web Tokens last. */
export function secretsIn(text: string): SecretHit[] {
  if (!hasStem(text)) return [];
  const out: SecretHit[] = secretlintHits(text);
  for (const shape of SHAPES) {
    const global = new RegExp(
      shape.pattern.source,
      shape.pattern.flags.includes('g') ? shape.pattern.flags : `${shape.pattern.flags}g`,
    );
    for (let m = global.exec(text); m; m = global.exec(text)) {
      const secret = m[shape.group ?? 0];
      if (secret === undefined) continue;
      if (!shape.accept || shape.accept(secret)) {
        if (!out.some((h) => h.secret === secret)) out.push({ kind: shape.kind, secret });
      }
      if (m[0].length === 0) global.lastIndex++;
    }
  }
  if (text.includes('eyJ'))
    for (const jwt of jwtsIn(text))
      if (!out.some((h) => h.secret === jwt)) out.push({ kind: 'a JSON Web Token', secret: jwt });
  return out;
}
