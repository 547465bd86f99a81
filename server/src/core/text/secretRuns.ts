/**
 * Any run of RUN or more consecutive characters of a secret, found in any letter case and in the encodings an agent
 * or a sink can produce: percent-encoding, JSON and Markdown backslash escapes, base64 and base64url of a text that
 * holds the secret at any byte offset, and hex. A quoted prefix, a token split in two, a lower-cased token and
 * `base64("Bearer " + token)` all hold such a run, so all of them are found.
 *
 * How: every RUN-character window of every secret form (lower-cased) goes into one set; a text is decoded once into
 * a lower-cased view that remembers where each of its characters came from, and every window of the view is looked
 * up (a two-character pre-filter skips almost all of them without building a string). Linear in the text.
 */

/** The shortest run of a secret that is redacted; a secret shorter than this is matched whole by the caller. */
export const RUN = 8;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/**
 * The base64 characters that depend only on the secret's bytes when it starts `offset` bytes (0, 1 or 2) into the
 * encoded data: whatever surrounds it, an encoder writes exactly these characters for it.
 */
function base64Core(bytes: Uint8Array, offset: number): string {
  let out = '';
  const startBit = offset * 8;
  const endBit = startBit + bytes.length * 8;
  const firstSextet = Math.ceil(startBit / 6);
  for (let s = firstSextet; (s + 1) * 6 <= endBit; s++) {
    let value = 0;
    for (let b = 0; b < 6; b++) {
      const bit = s * 6 + b - startBit;
      const byte = bytes[bit >> 3] ?? 0;
      value = (value << 1) | ((byte >> (7 - (bit & 7))) & 1);
    }
    out += ALPHABET[value];
  }
  return out;
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The forms whose runs are looked for, lower-cased: the secret itself, its base64 (three alignments, both alphabets) and hex. */
function runForms(secret: string): string[] {
  const bytes = utf8(secret);
  const forms = [secret, hex(bytes)];
  for (let offset = 0; offset < 3; offset++) {
    const b64 = base64Core(bytes, offset);
    forms.push(b64, b64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms.map(fold);
}

/** Letter case folded the same way for secrets and texts, keeping the length (one UTF-16 unit in, one out). */
function fold(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(foldUnit(s.charCodeAt(i)));
  return out;
}

function foldUnit(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  if (c < 128) return c;
  const lower = String.fromCharCode(c).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : c;
}

/** A text decoded and folded; `start`/`end`: where each of its characters came from (absent: one for one). */
interface View {
  text: string;
  start?: Int32Array;
  end?: Int32Array;
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function hexValue(text: string, from: number, digits: number): number {
  let v = 0;
  for (let i = from; i < from + digits; i++) {
    const d = hexDigit(text.charCodeAt(i));
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/** ASCII punctuation: what a backslash escapes in JSON (`\"`, `\\`, `\/`) and Markdown (`\_`, `\*`, …). */
function punctuation(c: number): boolean {
  return (c > 32 && c < 48) || (c > 57 && c < 65) || (c > 90 && c < 97) || (c > 122 && c < 127);
}

/**
 * The text with `%XX`, `\uXXXX` and backslash-escaped punctuation decoded (one level, as an agent or a sink writes
 * them) and letters folded. A percent-encoded byte over 0x7F stays as written: a non-ASCII secret keeps its runs of
 * unencoded characters. Text with neither `%` nor a backslash (most of it) is only folded.
 */
function viewOf(text: string): View {
  if (!text.includes('%') && !text.includes('\\')) return { text: fold(text) };
  const n = text.length;
  const units = new Uint16Array(n);
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  let k = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    let decoded = c;
    let width = 1;
    if (c === 37 /* % */ && i + 2 < n) {
      const v = hexValue(text, i + 1, 2);
      if (v >= 0 && v < 128) [decoded, width] = [v, 3];
    } else if (c === 92 /* \ */ && i + 1 < n) {
      const next = text.charCodeAt(i + 1);
      const u = next === 117 /* u */ && i + 5 < n ? hexValue(text, i + 2, 4) : -1;
      if (u >= 0) [decoded, width] = [u, 6];
      else if (punctuation(next)) [decoded, width] = [next, 2];
    }
    units[k] = foldUnit(decoded);
    start[k] = i;
    end[k] = i + width;
    k++;
    i += width;
  }
  let out = '';
  for (let j = 0; j < k; j += 8192) out += String.fromCharCode(...units.subarray(j, Math.min(k, j + 8192)));
  return { text: out, start: start.subarray(0, k), end: end.subarray(0, k) };
}

/** The first two characters of a window, as a 16-bit key for the pre-filter (collisions only cost a lookup). */
function pairOf(s: string, i: number): number {
  return ((s.charCodeAt(i) & 0xff) << 8) | (s.charCodeAt(i + 1) & 0xff);
}

/** A finder of secret runs in texts: build once per set of secrets, use on every text. */
export interface RunFinder {
  /** The text with every run replaced by `replacement` (adjacent and overlapping runs become one). */
  replace(text: string, replacement: string): string;
  /** Whether the text holds any run. */
  test(text: string): boolean;
}

/** A finder for these secrets (each at least RUN characters; shorter ones are ignored). */
export function runFinder(secrets: Iterable<string>): RunFinder | undefined {
  const windows = new Set<string>();
  const pairs = new Uint8Array(65536 / 8);
  for (const secret of secrets) {
    if (secret.length < RUN) continue;
    for (const form of runForms(secret)) {
      for (let i = 0; i + RUN <= form.length; i++) {
        windows.add(form.slice(i, i + RUN));
        const pair = pairOf(form, i);
        pairs[pair >> 3] = (pairs[pair >> 3] ?? 0) | (1 << (pair & 7));
      }
    }
  }
  if (windows.size === 0) return undefined;

  /** The view and every [start, end) of the view covered by a window that is a secret's. */
  function covered(text: string): { view: View; spans: [number, number][] } | undefined {
    if (text.length < RUN) return undefined;
    const view = viewOf(text);
    const v = view.text;
    const spans: [number, number][] = [];
    for (let i = 0; i + RUN <= v.length; i++) {
      const pair = pairOf(v, i);
      if (((pairs[pair >> 3] ?? 0) & (1 << (pair & 7))) === 0) continue;
      if (!windows.has(v.slice(i, i + RUN))) continue;
      const last = spans[spans.length - 1];
      if (last && i <= last[1]) last[1] = i + RUN;
      else spans.push([i, i + RUN]);
    }
    return spans.length > 0 ? { view, spans } : undefined;
  }

  return {
    test: (text) => covered(text) !== undefined,
    replace(text, replacement) {
      const hit = covered(text);
      if (!hit) return text;
      let out = '';
      let from = 0;
      for (const [a, b] of hit.spans) {
        const s = hit.view.start ? (hit.view.start[a] ?? from) : a;
        const e = hit.view.end ? (hit.view.end[b - 1] ?? text.length) : b;
        out += text.slice(from, s) + replacement;
        from = e;
      }
      return out + text.slice(from);
    },
  };
}
