/**
 * An open document whose edits are kept as pieces until its text is read. The text-document library rebuilds the
 * whole text on every change (and reads a character of it, which makes V8 copy it flat): on a 1 MB card that is a
 * 1 MB copy per change, so a didChange carrying ten changes (the client batches fast typing, multi-cursor edits)
 * cost ten, and every notification that arrived during the debounce one more. Here a change only splits a short
 * list of slices of the last flat text; the text is joined, in one copy, when something reads it (the next
 * validation). Line offsets are kept up to date per change exactly as the library keeps them, so positions and
 * offsets are the library's, character for character (test/lsp/pieceTextDocument.test.ts compares the two).
 */
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

const LF = 10;
const CR = 13;
/** Past this many pieces the text is joined: each change walks the list, so it stays short. */
const MAX_PIECES = 64;

export class PieceTextDocument implements TextDocument {
  /** The text is these joined; one piece once it has been read. Pieces are never empty. */
  private pieces: string[];
  private length: number;
  private lineOffsets: number[] | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private currentVersion: number,
    text: string,
  ) {
    this.pieces = text ? [text] : [];
    this.length = text.length;
  }

  get version(): number {
    return this.currentVersion;
  }

  get lineCount(): number {
    return this.getLineOffsets().length;
  }

  getText(range?: Range): string {
    const text = this.joined();
    return range ? text.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : text;
  }

  /** Applies `changes` in order (ranges as the client sent them; lsp/documents.ts makes them sane first). */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      if ('range' in change && change.range) this.applyRangeChange(change.range, change.text);
      else this.replaceAll(change.text);
    }
    this.currentVersion = version;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.length), 0);
    const lineOffsets = this.getLineOffsets();
    let low = 0;
    let high = lineOffsets.length;
    if (high === 0) return { line: 0, character: offset };
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (lineOffsets[mid]! > offset) high = mid;
      else low = mid + 1;
    }
    const line = low - 1;
    offset = this.beforeLineEnd(offset, lineOffsets[line]!);
    return { line, character: offset - lineOffsets[line]! };
  }

  offsetAt(position: Position): number {
    const lineOffsets = this.getLineOffsets();
    if (position.line >= lineOffsets.length) return this.length;
    if (position.line < 0) return 0;
    const lineOffset = lineOffsets[position.line]!;
    if (position.character <= 0) return lineOffset;
    const nextLineOffset = position.line + 1 < lineOffsets.length ? lineOffsets[position.line + 1]! : this.length;
    return this.beforeLineEnd(Math.min(lineOffset + position.character, nextLineOffset), lineOffset);
  }

  getLineRange(line: number): Range {
    const lineOffsets = this.getLineOffsets();
    if (line >= lineOffsets.length) {
      const last = lineOffsets.length - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.length - lineOffsets[last]! } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start = lineOffsets[line]!;
    const next = line + 1 < lineOffsets.length ? lineOffsets[line + 1]! : this.length;
    return { start: { line, character: 0 }, end: { line, character: this.beforeLineEnd(next, start) - start } };
  }

  getEOLCharacters(line: number): string {
    const lineOffsets = this.getLineOffsets();
    if (line >= lineOffsets.length || line < 0) return '';
    const next = line + 1 < lineOffsets.length ? lineOffsets[line + 1]! : this.length;
    return this.joined().substring(this.beforeLineEnd(next, lineOffsets[line]!), next);
  }

  private replaceAll(text: string): void {
    this.pieces = text ? [text] : [];
    this.length = text.length;
    this.lineOffsets = undefined;
  }

  /** The library's incremental update: the text, then its line offsets shifted rather than computed again. */
  private applyRangeChange(range: Range, text: string): void {
    const wellFormed = inOrder(range);
    const startOffset = this.offsetAt(wellFormed.start);
    const endOffset = this.offsetAt(wellFormed.end);
    this.splice(startOffset, endOffset, text);
    const insertedEnd = startOffset + text.length;
    // A CR LF pair across an edit boundary is not in the inserted text's line offsets: they are computed anew.
    const crlfAtStart = this.charCodeAt(startOffset - 1) === CR && this.charCodeAt(startOffset) === LF;
    const crlfAtEnd = this.charCodeAt(insertedEnd - 1) === CR && this.charCodeAt(insertedEnd) === LF;
    if (crlfAtStart || crlfAtEnd || this.lineOffsets === undefined) {
      this.lineOffsets = undefined;
      return;
    }
    const startLine = Math.max(wellFormed.start.line, 0);
    const endLine = Math.max(wellFormed.end.line, 0);
    const added = lineOffsetsOf(text, false, startOffset);
    let lineOffsets = this.lineOffsets;
    if (endLine - startLine === added.length) {
      for (let i = 0; i < added.length; i++) lineOffsets[i + startLine + 1] = added[i]!;
    } else {
      lineOffsets = this.lineOffsets = lineOffsets
        .slice(0, startLine + 1)
        .concat(added, lineOffsets.slice(endLine + 1));
    }
    const diff = text.length - (endOffset - startOffset);
    if (diff !== 0)
      for (let i = startLine + 1 + added.length; i < lineOffsets.length; i++) lineOffsets[i] = lineOffsets[i]! + diff;
  }

  /** Replaces [start, end) of the text with `text`, as slices of the pieces (no copy of the text). */
  private splice(start: number, end: number, text: string): void {
    const out: string[] = [];
    let inserted = false;
    const insert = () => {
      if (!inserted && text) out.push(text);
      inserted = true;
    };
    let from = 0;
    for (const piece of this.pieces) {
      const to = from + piece.length;
      if (to <= start) out.push(piece);
      else if (from >= end) {
        insert();
        out.push(piece);
      } else {
        if (from < start) out.push(piece.substring(0, start - from));
        insert();
        if (to > end) out.push(piece.substring(end - from));
      }
      from = to;
    }
    insert();
    this.pieces = out;
    this.length += text.length - (end - start);
    if (this.pieces.length > MAX_PIECES) this.joined();
  }

  /** The whole text, joined into one piece (the one copy a read of edited text costs). */
  private joined(): string {
    if (this.pieces.length > 1) this.pieces = [this.pieces.join('')];
    return this.pieces[0] ?? '';
  }

  /** The character code at `offset` (NaN outside the text, like String.prototype.charCodeAt). */
  private charCodeAt(offset: number): number {
    if (offset < 0) return NaN;
    for (const piece of this.pieces) {
      if (offset < piece.length) return piece.charCodeAt(offset);
      offset -= piece.length;
    }
    return NaN;
  }

  private getLineOffsets(): number[] {
    return (this.lineOffsets ??= lineOffsetsOf(this.joined(), true));
  }

  /** Moves `offset` back over line-end characters, not before `lineOffset`. */
  private beforeLineEnd(offset: number, lineOffset: number): number {
    while (offset > lineOffset && isLineEnd(this.charCodeAt(offset - 1))) offset--;
    return offset;
  }
}

function inOrder(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character)
    ? { start: end, end: start }
    : range;
}

function isLineEnd(code: number): boolean {
  return code === CR || code === LF;
}

/** Where each line of `text` starts, as offsets from `textOffset` (the first line only when `atLineStart`). */
function lineOffsetsOf(text: string, atLineStart: boolean, textOffset = 0): number[] {
  const result = atLineStart ? [textOffset] : [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (isLineEnd(ch)) {
      if (ch === CR && i + 1 < text.length && text.charCodeAt(i + 1) === LF) i++;
      result.push(textOffset + i + 1);
    }
  }
  return result;
}
