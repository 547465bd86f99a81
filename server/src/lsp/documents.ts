/**
 * The server's copies of open documents, kept only from what a client may legitimately send. The text-document
 * library trusts change ranges: a range past the end of the document, or one whose end precedes its start, left a
 * hole in its line table, and the next ordinary keystroke then duplicated the whole text on the server's side
 * (diagnostics, hovers and pins on text the user does not have). VS Code never sends such ranges; other clients can.
 * So each change's range is first clamped into the document as it is at that point (changes apply in order), its
 * ends put in order, and a missing text is the empty string.
 */
import { TextDocuments } from './languageServer';
import type { Position, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { PieceTextDocument } from './pieceTextDocument';

export function createDocuments(): TextDocuments<PieceTextDocument> {
  return new TextDocuments<PieceTextDocument>({
    create: (uri, languageId, version, text) =>
      new PieceTextDocument(uri, languageId, version, typeof text === 'string' ? text : ''),
    update: (document, changes, version) => {
      for (const change of changes) document.update([saneChange(document, change)], version);
      return document;
    },
  });
}

export function saneChange(
  document: TextDocument,
  change: TextDocumentContentChangeEvent,
): TextDocumentContentChangeEvent {
  const text = typeof change.text === 'string' ? change.text : '';
  if (!('range' in change) || !change.range) return { text };
  const a = document.offsetAt(sanePosition(change.range.start));
  const b = document.offsetAt(sanePosition(change.range.end));
  return { range: { start: document.positionAt(Math.min(a, b)), end: document.positionAt(Math.max(a, b)) }, text };
}

/** Whole, non-negative numbers (offsetAt clamps what lies beyond the end). */
function sanePosition(p: Position | undefined): Position {
  const whole = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
  return { line: whole(p?.line), character: whole(p?.character) };
}
