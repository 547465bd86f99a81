/**
 * JSON Pointer ↔ text location. Findings carry pointers; the edges (CLI, language server) turn them into ranges
 * here, only for the findings that exist, so the hot lint path never builds a syntax tree.
 */
import { Node, getLocation, parseTree } from 'jsonc-parser';
import { normalizeText } from '../document';
import type { JsonPointer } from '../types';

export interface OffsetRange {
  offset: number;
  length: number;
}

export interface Position {
  line: number;
  character: number;
}

/** Single-entry caches: the same text is usually asked about many times in a row (one per finding). */
let treeCache: { text: string; root: Node | undefined } | undefined;
let lineCache: { text: string; starts: number[] } | undefined;

function treeOf(text: string): Node | undefined {
  if (treeCache?.text === text) return treeCache.root;
  let root: Node | undefined;
  try {
    root = parseTree(normalizeText(text), [], { disallowComments: true, allowTrailingComma: false });
  } catch {
    root = undefined; // pathological nesting overflowed jsonc-parser's recursion: no ranges, never a crash
  }
  treeCache = { text, root };
  return root;
}

/** RFC 6901: '' is the whole document; segments are '/'-separated with ~1 → '/', ~0 → '~'. */
export function parsePointer(pointer: JsonPointer): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  return body
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a pointer in a parsed document, through own members only (never Object.prototype); undefined when absent. */
export function valueAtPointer(doc: unknown, pointer: JsonPointer): unknown {
  let node: unknown = doc;
  for (const seg of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node;
}

/** RFC 6901: "~" → "~0", "/" → "~1", so any untrusted key (a skill id, a scheme name) makes a valid segment. */
export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function toPointer(segments: readonly (string | number)[]): JsonPointer {
  return segments.map((s) => '/' + escapeSegment(s)).join('');
}

/** Child of an object node by key, or of an array node by index; undefined when absent. */
function child(node: Node, segment: string): Node | undefined {
  if (node.type === 'object') {
    // Last duplicate wins, as in JSON.parse.
    let found: Node | undefined;
    for (const prop of node.children ?? []) if (prop.children?.[0]?.value === segment) found = prop;
    return found;
  }
  if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(segment)) return node.children?.[Number(segment)];
  return undefined;
}

/**
 * Where a pointer is in the text. Falls back to the closest existing ancestor; for a missing member that is the
 * parent's key (so "missing member" squiggles the member that lacks it). target 'key' → the member's key.
 */
export function locatePointer(text: string, pointer: JsonPointer, target: 'key' | 'value' = 'value'): OffsetRange {
  const root = treeOf(text);
  if (!root) return { offset: 0, length: 0 };
  let node: Node = root;
  let property: Node | undefined; // the property node holding `node` (for key ranges)
  for (const segment of parsePointer(pointer)) {
    const next = child(node, segment);
    if (!next) return keyOrValue(node, property, true);
    if (next.type === 'property') {
      property = next;
      node = next.children?.[1] ?? next;
    } else {
      property = undefined;
      node = next;
    }
  }
  return keyOrValue(node, property, target === 'key');
}

function keyOrValue(node: Node, property: Node | undefined, wantKey: boolean): OffsetRange {
  const key = property?.children?.[0];
  if (wantKey && key) return { offset: key.offset, length: key.length };
  if (node.type === 'object' || node.type === 'array') {
    // A whole container would squiggle half the file: mark its opening brace or bracket only.
    return { offset: node.offset, length: 1 };
  }
  return { offset: node.offset, length: node.length };
}

function lineStarts(text: string): number[] {
  if (lineCache?.text === text) return lineCache.starts;
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10) starts.push(i + 1);
  }
  lineCache = { text, starts };
  return starts;
}

/** Zero-based line and UTF-16 character, as LSP counts them. */
export function offsetToPosition(text: string, offset: number): Position {
  const starts = lineStarts(text);
  const clamped = Math.max(0, Math.min(offset, text.length));
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= clamped) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: clamped - (starts[lo] ?? 0) };
}

export function rangeOf(text: string, r: OffsetRange): { start: Position; end: Position } {
  return { start: offsetToPosition(text, r.offset), end: offsetToPosition(text, r.offset + r.length) };
}

/** The pointer of the node at an offset (for hovers and completion), and whether the offset is on a member key. */
export function pointerAtOffset(text: string, offset: number): { pointer: JsonPointer; isKey: boolean } {
  try {
    const loc = getLocation(normalizeText(text), offset);
    return { pointer: toPointer(loc.path), isKey: loc.isAtPropertyKey };
  } catch {
    return { pointer: '', isKey: false };
  }
}

/** The offset range a finding covers: its own offset (syntax errors) or its pointer resolved in the text. */
export function findingOffsets(
  text: string,
  f: { pointer: JsonPointer; target?: 'key' | 'value'; offset?: OffsetRange },
): OffsetRange {
  return f.offset ?? locatePointer(text, f.pointer, f.target ?? 'value');
}
