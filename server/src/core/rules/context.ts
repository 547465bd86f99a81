/** What every rule receives and the helper it uses to report. Rules are small pure functions of this context. */
import { defaultSeverity } from './catalog';
import { visibleText } from '../untrustedText';
import type { DocumentKind, Finding, JsonPointer, LintSettings } from '../types';

export interface RuleContext {
  /** The parsed document (any JSON value: rules must not assume its shape). */
  value: unknown;
  kind: DocumentKind;
  settings: LintSettings;
  /** The document text, when known: lets a rule skip its walk when a cheap text search rules it out. */
  text?: string;
}

export type Rule = (ctx: RuleContext) => Finding[];

export function finding(
  code: string,
  pointer: JsonPointer,
  message: string,
  extra: { target?: 'key' | 'value'; data?: Record<string, unknown>; offset?: Finding['offset'] } = {},
): Finding {
  const f: Finding = { code, severity: defaultSeverity(code), pointer, message };
  if (extra.target) f.target = extra.target;
  if (extra.data) f.data = extra.data;
  if (extra.offset) f.offset = extra.offset;
  return f;
}

/**
 * Quote an untrusted card value for a message: bounded length, control, bidi and invisible characters made visible.
 * Any JSON value: objects and arrays are named by their kind, never serialized (they may be nested beyond any stack).
 */
export function quote(value: unknown): string {
  const s = typeof value === 'string' ? value : describeValue(value);
  const clipped = s.length > 80 ? `${s.slice(0, 77)}…` : s;
  return visibleText(JSON.stringify(clipped));
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `[an array of ${value.length}]`;
  if (typeof value === 'object' && value !== null) return '{an object}';
  return String(value);
}
