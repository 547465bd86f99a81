/**
 * Many JSON Pointers → text ranges in ONE pass over the document, without building a syntax tree.
 *
 * The core's locatePointer (core/pointer/range.ts) builds a jsonc-parser tree, which on a 1 MB card costs
 * several times the parse itself: too slow to redo on every keystroke. This scanner only descends into
 * the members that lie on the path of a requested pointer and skips every other subtree with a tight
 * bracket/string loop. Semantics are the core's, checked by test/core/pointer/locateAll.test.ts against it:
 * the last of duplicate keys wins; a missing member falls back to the closest existing ancestor (its key
 * when it is a member, else the opening bracket); containers are marked by their opening bracket;
 * `target: 'key'` gives the member's key.
 * The text must be valid JSON (findings with pointers only exist then); anything unexpected falls back
 * to the core.
 */
import { escapeSegment, locatePointer, parsePointer, type OffsetRange } from './range';
import { stringInteriorEdit } from './stringEdit';

interface NodeRecord {
  seq: number;
  offset: number;
  end: number;
  container: boolean;
  keyOffset: number;
  keyLength: number;
}

export type Locator = (pointer: string, target?: 'key' | 'value') => OffsetRange;

/** What one scan of a text recorded: the next version of the text can start from it (`locatorAfter`). */
export interface LocatorScan {
  readonly text: string;
  readonly wanted: ReadonlySet<string>;
  readonly records: ReadonlyMap<string, NodeRecord>;
}

export function makeLocator(text: string, pointers: readonly string[]): Locator {
  return locatorAfter(undefined, text, pointers).locate;
}

/**
 * The locator of `text`, and the scan behind it. `previous` is a scan of an earlier version of the same
 * document (valid JSON): when the only change since is inside one string value (core/pointer/stringEdit.ts)
 * and every pointer's path was recorded then, its records are shifted instead of scanning the text again,
 * which on a 1 MB card is the cost of a JSON.parse per keystroke. The ranges are the same either way.
 */
export function locatorAfter(
  previous: LocatorScan | undefined,
  text: string,
  pointers: readonly string[],
): { locate: Locator; scan: LocatorScan | undefined; reused: boolean } {
  if (pointers.length === 0) return { locate: (p, t) => locatePointer(text, p, t), scan: previous, reused: false };
  let wanted: Set<string>;
  try {
    wanted = wantedPaths(pointers);
  } catch {
    return { locate: (p, t) => locatePointer(text, p, t), scan: previous, reused: false };
  }
  const shifted = previous && shiftedRecords(previous, text, wanted);
  if (shifted) {
    const scan = { text, wanted: previous.wanted, records: shifted };
    return { locate: locatorOf(text, shifted), scan, reused: true };
  }
  let records: Map<string, NodeRecord>;
  try {
    records = scan(text, wanted);
  } catch {
    return { locate: (p, t) => locatePointer(text, p, t), scan: undefined, reused: false };
  }
  return { locate: locatorOf(text, records), scan: { text, wanted, records }, reused: false };
}

/** Every pointer and all its ancestors, root ('') included. */
function wantedPaths(pointers: readonly string[]): Set<string> {
  const wanted = new Set<string>(['']);
  for (const p of pointers) {
    const segs = parsePointer(p);
    let acc = '';
    for (const s of segs) {
      acc += `/${escapeSegment(s)}`;
      wanted.add(acc);
    }
  }
  return wanted;
}

/** The previous scan's records moved to `text`, when that edit kept every token and the paths were all recorded. */
function shiftedRecords(
  previous: LocatorScan,
  text: string,
  wanted: ReadonlySet<string>,
): Map<string, NodeRecord> | undefined {
  for (const path of wanted) if (!previous.wanted.has(path)) return undefined;
  if (previous.text === text) return new Map(previous.records);
  const edit = stringInteriorEdit(previous.text, text);
  if (!edit) return undefined;
  const move = (offset: number) => (offset >= edit.oldEnd ? offset + edit.delta : offset);
  const records = new Map<string, NodeRecord>();
  for (const [path, r] of previous.records) {
    records.set(path, {
      seq: r.seq,
      offset: move(r.offset),
      end: move(r.end),
      container: r.container,
      keyOffset: r.keyOffset < 0 ? r.keyOffset : move(r.keyOffset),
      keyLength: r.keyLength,
    });
  }
  return records;
}

function locatorOf(text: string, records: ReadonlyMap<string, NodeRecord>): Locator {
  return (pointer, target = 'value') => {
    const root = records.get('');
    if (!root) return locatePointer(text, pointer, target);
    let current = root;
    let path = '';
    for (const seg of parsePointer(pointer)) {
      path += `/${escapeSegment(seg)}`;
      const next = records.get(path);
      // A record older than its parent belongs to an earlier duplicate of the parent: not there any more.
      if (!next || next.seq < current.seq) return range(current, true);
      current = next;
    }
    return range(current, target === 'key');
  };
}

function range(r: NodeRecord, wantKey: boolean): OffsetRange {
  if (wantKey && r.keyOffset >= 0) return { offset: r.keyOffset, length: r.keyLength };
  if (r.container) return { offset: r.offset, length: 1 };
  return { offset: r.offset, length: r.end - r.offset };
}

const enum C {
  Quote = 34,
  Backslash = 92,
  Comma = 44,
  Colon = 58,
  OpenBrace = 123,
  CloseBrace = 125,
  OpenBracket = 91,
  CloseBracket = 93,
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff;
}

/** Offset just past the string starting at `i` (a quote). */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === C.Backslash) j++;
    else if (c === C.Quote) return j + 1;
  }
  throw new Error('unterminated string');
}

/** Offset just past the value starting at `i`. */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === C.Quote) return skipString(text, i);
  if (c === C.OpenBrace || c === C.OpenBracket) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === C.Quote) j = skipString(text, j) - 1;
      else if (d === C.OpenBrace || d === C.OpenBracket) depth++;
      else if (d === C.CloseBrace || d === C.CloseBracket) {
        if (--depth === 0) return j + 1;
      }
    }
    throw new Error('unterminated container');
  }
  let j = i;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (d === C.Comma || d === C.CloseBrace || d === C.CloseBracket || isSpace(d)) break;
    j++;
  }
  if (j === i) throw new Error(`unexpected character at ${i}`);
  return j;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

interface Frame {
  pointer: string;
  array: boolean;
  index: number;
  record: NodeRecord;
}

/** Records every node whose pointer is in `wanted` (all prefixes of the requested pointers). */
function scan(text: string, wanted: ReadonlySet<string>): Map<string, NodeRecord> {
  const records = new Map<string, NodeRecord>();
  let seq = 0;
  const open = (pointer: string, offset: number, keyOffset: number, keyLength: number): Frame | undefined => {
    const c = text.charCodeAt(offset);
    const container = c === C.OpenBrace || c === C.OpenBracket;
    const record: NodeRecord = {
      seq: seq++,
      offset,
      end: container ? offset + 1 : skipValue(text, offset),
      container,
      keyOffset,
      keyLength,
    };
    records.set(pointer, record);
    return container ? { pointer, array: c === C.OpenBracket, index: 0, record } : undefined;
  };

  let i = skipSpace(text, 0);
  const rootFrame = open('', i, -1, 0);
  if (!rootFrame) return records;
  const stack: Frame[] = [rootFrame];
  i++;
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (!frame) break;
    i = skipSpace(text, i);
    let c = text.charCodeAt(i);
    if (c === C.Comma) {
      i = skipSpace(text, i + 1);
      c = text.charCodeAt(i);
    }
    if (c === C.CloseBrace || c === C.CloseBracket) {
      frame.record.end = i + 1;
      stack.pop();
      i++;
      continue;
    }
    let childPointer: string;
    let keyOffset = -1;
    let keyLength = 0;
    if (frame.array) {
      childPointer = `${frame.pointer}/${frame.index++}`;
    } else {
      if (c !== C.Quote) throw new Error(`expected a key at ${i}`);
      const keyEnd = skipString(text, i);
      const raw = text.slice(i + 1, keyEnd - 1);
      const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
      keyOffset = i;
      keyLength = keyEnd - i;
      childPointer = `${frame.pointer}/${escapeSegment(key)}`;
      i = skipSpace(text, keyEnd);
      if (text.charCodeAt(i) !== C.Colon) throw new Error(`expected ':' at ${i}`);
      i = skipSpace(text, i + 1);
    }
    if (wanted.has(childPointer)) {
      const child = open(childPointer, i, keyOffset, keyLength);
      if (child) {
        stack.push(child);
        i++;
      } else {
        i = records.get(childPointer)!.end;
      }
    } else {
      i = skipValue(text, i);
    }
  }
  return records;
}
