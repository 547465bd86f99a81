/**
 * Member names given twice in one JSON object (`{"name":"A","name":"B"}`). JSON.parse keeps the last silently, other
 * parsers keep the first or refuse the text, and RFC 8785 canonicalization (card signatures) requires unique names,
 * so such a card means different things to different readers.
 *
 * JSON.parse has already dropped the duplicates by the time rules see the value, so they are found in the text. A
 * tree of the text would cost ~10x the parse on a big card (bench/lint.bench.ts); instead a cheap screen compares
 * the number of names in the text with the number in the parsed value (equal: no duplicates, the common case), and
 * only when they differ is the text scanned to say where.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { normalizeText } from '../document';
import { escapeSegment } from '../pointer/range';
import { valueCensus } from './valueCensus';

const QUOTE = 34;
const BACKSLASH = 92;

function isJsonWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/**
 * An upper bound on the number of member names in a VALID JSON text, exact in practice. A name is a string followed
 * (whitespace aside) by `:`, and its closing `"` has an even run of backslashes before it, so every name is counted.
 * The one thing also counted is a string VALUE that starts with a colon (`":x"`, `" :x"`: there the `"` before the
 * colon opens the string). So the count is the true number of names plus such values, never fewer. Searching for `:`
 * rather than `":` is what keeps this cheap: `:` is rare in JSON text, `"` is everywhere.
 */
export function countTextNames(text: string): number {
  let names = 0;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
    let i = colon - 1;
    let c = text.charCodeAt(i);
    while (isJsonWhitespace(c)) c = text.charCodeAt(--i);
    if (c !== QUOTE) continue;
    let backslashes = 0;
    while (text.charCodeAt(--i) === BACKSLASH) backslashes++;
    if ((backslashes & 1) === 0) names++;
  }
  return names;
}

/** The number of member names in a parsed value (own keys of every object, at any depth). */
export function countValueNames(value: unknown): number {
  return valueCensus(value).names;
}

/** One occurrence of a name that a later occurrence in the same object overrides (for JSON.parse). */
export interface OverriddenName {
  /** The member's pointer (the same for every occurrence; the offset tells them apart). */
  pointer: string;
  name: string;
  /** Offset and length of this occurrence's name in the text. */
  offset: number;
  length: number;
  /** How many times the name appears in its object. */
  occurrences: number;
}

interface Frame {
  pointer: string;
  /** Objects: each name's occurrences (offset, length), in order. Arrays: undefined. */
  names?: Map<string, { offset: number; length: number }[]>;
  /** Objects: the next string is a name. */
  expectName: boolean;
  /** The name (object) or index (array) the next value is under. */
  member: string;
  index: number;
}

function childPointer(parent: Frame | undefined): string {
  if (!parent) return '';
  return parent.names ? `${parent.pointer}/${escapeSegment(parent.member)}` : `${parent.pointer}/${parent.index}`;
}

function overridden(frame: Frame): OverriddenName[] {
  const out: OverriddenName[] = [];
  for (const [name, seen] of frame.names!) {
    if (seen.length < 2) continue;
    const pointer = `${frame.pointer}/${escapeSegment(name)}`;
    for (const occurrence of seen.slice(0, -1)) out.push({ pointer, name, ...occurrence, occurrences: seen.length });
  }
  return out;
}

/**
 * Every occurrence of a name that a later one in the same object overrides, in text order. A token scan with an
 * explicit stack (no recursion: nesting depth is the card's to choose). Meant for valid JSON; on anything else it
 * reports what it can.
 */
export function findOverriddenNames(text: string): OverriddenName[] {
  const scanner = createScanner(normalizeText(text), true);
  const stack: Frame[] = [];
  const out: OverriddenName[] = [];
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const top = stack[stack.length - 1];
    switch (token) {
      case SyntaxKind.OpenBraceToken:
        stack.push({ pointer: childPointer(top), names: new Map(), expectName: true, member: '', index: 0 });
        break;
      case SyntaxKind.OpenBracketToken:
        stack.push({ pointer: childPointer(top), expectName: false, member: '', index: 0 });
        break;
      case SyntaxKind.CloseBraceToken:
        if (top?.names) out.push(...overridden(stack.pop()!));
        break;
      case SyntaxKind.CloseBracketToken:
        if (top && !top.names) stack.pop();
        break;
      case SyntaxKind.CommaToken:
        if (top?.names) top.expectName = true;
        else if (top) top.index++;
        break;
      case SyntaxKind.StringLiteral:
        if (top?.names && top.expectName) {
          const name = scanner.getTokenValue();
          const at = { offset: scanner.getTokenOffset(), length: scanner.getTokenLength() };
          const seen = top.names.get(name);
          if (seen) seen.push(at);
          else top.names.set(name, [at]);
          top.member = name;
          top.expectName = false;
        }
        break;
      default:
        break;
    }
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/**
 * False when no object of the text gives a name twice; `value` is JSON.parse of `text`. The text count is at least
 * the number of names in the text, which is the number in the value plus the duplicates, so equal counts prove there
 * are none. True may be a false alarm (a value starting with a colon): findOverriddenNames then finds nothing.
 */
export function mayHaveDuplicateNames(text: string, value: unknown): boolean {
  return countTextNames(text) !== countValueNames(value);
}
