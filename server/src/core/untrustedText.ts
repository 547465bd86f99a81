/**
 * Untrusted text (card strings, agent messages) put into messages: it must not drive a terminal (escape
 * sequences), forge lines (line breaks) or hide or reorder what is shown (bidi controls, invisible characters:
 * the classes of hiddenCharacters.ts). Three forms, used everywhere.
 */
import { hasHiddenCharacters, replaceHidden, visibleEscape } from './hiddenCharacters';

/** Control, invisible and bidi characters as `\uXXXX`, a line break as `\n`: the text shown, nothing hidden. */
export function escapeControls(s: string): string {
  return replaceHidden(s, visibleEscape).replace(/\r/g, '\\u000d').replace(/\n/g, '\\n');
}

/**
 * For machine-readable outputs (JSON, SARIF, LSP messages): every hidden character as `\uXXXX`, so the reader of
 * the parsed value sees it; line breaks and tabs are kept (those formats carry them safely).
 */
export function visibleText(s: string): string {
  return replaceHidden(s, visibleEscape);
}

/**
 * JSON for a machine-readable output (reports, SARIF, compiled profiles): every string and member name with its
 * hidden characters made visible (visibleText), so whoever reads the parsed value sees what the card says.
 */
export function visibleJson(value: unknown, space?: number): string {
  return JSON.stringify(value, visibleReplacer, space);
}

function visibleReplacer(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === 'string') return visibleText(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (!keys.some(hasHiddenCharacters)) return value;
  const out: Record<string, unknown> = {};
  for (const k of keys)
    Object.defineProperty(out, visibleText(k), {
      value: (value as Record<string, unknown>)[k],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** One line for a message: runs of control, bidi and invisible characters become one space, at most `max` characters. */
export function oneLineText(value: unknown, max = 200): string {
  const text = typeof value === 'string' ? value : '';
  const clean = replaceHidden(text, () => '\u0000')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000\t\n\r]+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
