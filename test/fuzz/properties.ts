/**
 * The properties every case must keep, shared by the three targets. A failure is data (property + detail) so the
 * runner can group failures by kind and keep one reproducer per kind.
 */
import { isSubdivisionCode } from '../../server/src/core/text/subdivisionFlags';

export interface Failure {
  /** The property that broke, stable across cases (failures are grouped by it). */
  property: string;
  /** What was seen (one line, escaped). */
  detail: string;
}

/**
 * Characters that must never reach machine-readable output raw: C0 controls except tab and line breaks, C1
 * controls, zero-width and directional marks, bidi embeddings/overrides/isolates, Unicode tag characters.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding raw control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u{E0000}-\u{E007F}]/u;

const FORBIDDEN_GLOBAL = new RegExp(FORBIDDEN.source, 'gu');

/**
 * An emoji tag sequence shaped like a subdivision flag; only one that spells a real subdivision code (Scotland's
 * "gbsct") is tag characters used as Unicode intends: anything else is hidden text again.
 */
const FLAG_SEQUENCE = /\u{1F3F4}([\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,6})\u{E007F}/gu;

function validFlag(flag: string, tagRun: string): string {
  const code = [...tagRun].map((c) => String.fromCharCode(c.codePointAt(0)! - 0xe0000)).join('');
  return isSubdivisionCode(code) ? 'x'.repeat(flag.length) : flag;
}

/** The first forbidden character of `text`, escaped with its context, or undefined. */
export function forbiddenCharacter(text: string): string | undefined {
  // Same length, so the index still points into `text`.
  const m = FORBIDDEN.exec(text.replace(FLAG_SEQUENCE, validFlag));
  if (!m) return undefined;
  const cp = m[0].codePointAt(0)!;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')} in ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 40)).replace(FORBIDDEN_GLOBAL, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)}`;
}

/** A stack frame ("    at fn (file.js:1:2)") or a Node internal path: what users must never see. */
export function stackTrace(text: string): string | undefined {
  const m = /^\s+at .*(?:\(.*:\d+:\d+\)|:\d+:\d+)$/m.exec(text) ?? /node:internal\//.exec(text);
  return m ? m[0].trim().slice(0, 200) : undefined;
}

/** Rules whose id says "internal" about the card, not about the linter. */
const NOT_INTERNAL_ERRORS = new Set(['sdk-internal-shape', 'internal-address']);

/** A finding that reports a rule that threw (its code mentions "internal"): the card was not fully checked. */
export function internalFinding(findings: readonly { code: string; message: string }[]): string | undefined {
  const f = findings.find((x) => /internal/i.test(x.code) && !NOT_INTERNAL_ERRORS.has(x.code));
  return f ? `${f.code}: ${f.message.slice(0, 200)}` : undefined;
}

export function describeError(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`.split('\n')[0]!.slice(0, 300);
  return String(err).slice(0, 300);
}

/** Visible form of a string for reports (escapes what the terminal would interpret). */
export function visible(text: string, max = 300): string {
  const s = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  return s.replace(FORBIDDEN_GLOBAL, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
