/**
 * Strict JSON parsing of a document's text.
 *
 * The fast path is JSON.parse (native, iterative, no depth limit worth worrying about). jsonc-parser is used only
 * when JSON.parse fails, to name every syntax error with an offset, because building a tree for a multi-megabyte
 * card costs ~10x the parse (see bench/lint.bench.ts). Ranges for findings are computed at the edge (pointer/).
 */
import { ParseError, parse as jsoncParse, printParseErrorCode } from 'jsonc-parser';
import { escapeControls } from './text/untrustedText';

export interface SyntaxProblem {
  message: string;
  offset: number;
  length: number;
}

export interface ParsedDocument {
  /** The parsed value; undefined when the text is not valid JSON. */
  value: unknown;
  /** True when `value` holds the whole document. */
  ok: boolean;
  syntaxErrors: SyntaxProblem[];
}

const BOM = 0xfeff;

/**
 * A BOM is not JSON, but editors write it; treat it as whitespace of the same length so that offsets into
 * the normalized text are offsets into the original text.
 */
export function normalizeText(text: string): string {
  return text.charCodeAt(0) === BOM ? ' ' + text.slice(1) : text;
}

/** The text without a leading BOM (for a parser that does not need offsets to stay put). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === BOM ? text.slice(1) : text;
}

/** Binary files decode with NULs (or many U+FFFD); JSON text never contains a raw NUL. */
function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const sample = text.slice(0, 4096);
  let replacement = 0;
  for (let i = 0; i < sample.length; i++) if (sample.charCodeAt(i) === 0xfffd) replacement++;
  return replacement > 8 && replacement > sample.length / 20;
}

export function parseDocument(text: string): ParsedDocument {
  const normalized = normalizeText(text);
  try {
    return { value: JSON.parse(normalized), ok: true, syntaxErrors: [] };
  } catch (err) {
    // Only on failure: trimming a multi-megabyte text on the fast path would copy it.
    if (normalized.trim() === '') {
      return failed([{ message: 'The file is empty: expected a JSON object.', offset: 0, length: 0 }]);
    }
    if (looksBinary(normalized)) {
      return failed([{ message: 'This is a binary file, not JSON text.', offset: 0, length: 0 }]);
    }
    return failed(locateSyntaxErrors(normalized, err));
  }
}

function failed(syntaxErrors: SyntaxProblem[]): ParsedDocument {
  return { value: undefined, ok: false, syntaxErrors };
}

const MAX_SYNTAX_ERRORS = 20;

/** Names each syntax error with an offset (jsonc-parser in strict mode: no comments, no trailing commas). */
function locateSyntaxErrors(text: string, nativeError: unknown): SyntaxProblem[] {
  const errors: ParseError[] = [];
  try {
    jsoncParse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    // jsonc-parser recurses per nesting level; pathological nesting can exhaust the stack. Fall back below.
  }
  if (errors.length === 0) {
    // JSON.parse is stricter in a few corners (e.g. lone surrogates are fine, but control characters are not):
    // report its own message, with the position it names when it names one.
    const message = nativeError instanceof Error ? nativeError.message : String(nativeError);
    const at = /position (\d+)/.exec(message);
    return [
      { message: `Invalid JSON: ${nativeJsonMessage(message)}`, offset: at ? Number(at[1]) : 0, length: at ? 1 : 0 },
    ];
  }
  // One message per place: a single slip (a trailing comma) often yields several errors at the same offset.
  const firstPerOffset = errors.filter((e, i) => i === 0 || e.offset !== errors[i - 1]?.offset);
  return firstPerOffset.slice(0, MAX_SYNTAX_ERRORS).map((e) => ({
    message: describeParseError(printParseErrorCode(e.error)),
    offset: e.offset,
    length: e.length,
  }));
}

const PARSE_ERROR_TEXT: Record<string, string> = {
  InvalidSymbol: 'Invalid symbol: JSON allows only objects, arrays, strings, numbers, true, false and null.',
  InvalidNumberFormat: 'Invalid number.',
  PropertyNameExpected: 'A member name (a double-quoted string) is expected here.',
  ValueExpected: 'A value is expected here.',
  ColonExpected: 'A colon is expected after the member name.',
  CommaExpected: 'A comma is expected between members or items.',
  CloseBraceExpected: 'A closing brace } is expected.',
  CloseBracketExpected: 'A closing bracket ] is expected.',
  EndOfFileExpected: 'Unexpected content after the end of the JSON value.',
  InvalidCommentToken: 'Comments are not allowed in JSON.',
  UnexpectedEndOfComment: 'Comments are not allowed in JSON.',
  UnexpectedEndOfString: 'Unterminated string.',
  UnexpectedEndOfNumber: 'Incomplete number.',
  InvalidUnicode: 'Invalid \\u escape in a string.',
  InvalidEscapeCharacter: 'Invalid escape character in a string.',
  InvalidCharacter: 'Invalid character in a string (control characters must be escaped, e.g. \\n).',
};

function describeParseError(code: string): string {
  return PARSE_ERROR_TEXT[code] ?? `Invalid JSON (${code}).`;
}

/** Type guards used by rules, which must not throw on any shape of input. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Has own property (cards come from JSON.parse, so prototype keys are never inherited members). */
export function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/**
 * JSON.parse's message without the snippet of the input it quotes (`…, "[[[…" is not valid JSON`): that snippet is
 * untrusted text and may hold terminal escapes. What remains (e.g. `Unexpected token 'x'`) has its control
 * characters written as \uXXXX.
 */
function nativeJsonMessage(message: string): string {
  return escapeControls((message.split('\n')[0] ?? '').replace(/, (?:\.\.\.)?".*$/s, '')).slice(0, 200);
}
