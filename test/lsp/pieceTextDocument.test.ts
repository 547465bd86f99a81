/**
 * The server's open documents (server/src/lsp/pieceTextDocument.ts) keep edits as pieces and join the text only when
 * it is read. Whatever a client sends, in one notification or many, their text, positions, offsets and lines must
 * be the text-document library's: random edit sequences (line ends of every kind, surrogate pairs, ranges outside
 * the document or reversed, whole-text changes) are applied to both, through the same range clamping the server
 * uses (lsp/documents.ts), and compared after every notification.
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { TextDocument, type Range, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { saneChange } from '../../server/src/lsp/documents';
import { PieceTextDocument } from '../../server/src/lsp/pieceTextDocument';

/** A small seeded generator (mulberry32): a failure names its seed and replays. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATOMS = ['a', 'bc', '{"k": 1}', '\n', '\r', '\r\n', 'é', '😀', ' ', '"'];

function textOf(next: () => number, atoms: number): string {
  let s = '';
  for (let i = 0; i < atoms; i++) s += ATOMS[Math.floor(next() * ATOMS.length)];
  return s;
}

function changeOf(next: () => number, doc: TextDocument): TextDocumentContentChangeEvent {
  if (next() < 0.03) return { text: textOf(next, Math.floor(next() * 30)) };
  const coordinate = (limit: number) => Math.floor(next() * (limit + 3)) - 1;
  const position = () => ({ line: coordinate(doc.lineCount), character: coordinate(12) });
  const range: Range = { start: position(), end: position() };
  return { range, text: next() < 0.3 ? '' : textOf(next, 1 + Math.floor(next() * 4)) };
}

function assertSame(actual: PieceTextDocument, expected: TextDocument, context: string): void {
  const text = expected.getText();
  assert.equal(actual.version, expected.version, context);
  assert.equal(actual.lineCount, expected.lineCount, `${context}: line count`);
  for (let offset = -1; offset <= text.length + 1; offset++)
    assert.deepEqual(actual.positionAt(offset), expected.positionAt(offset), `${context}: positionAt(${offset})`);
  for (let line = -1; line <= expected.lineCount; line++) {
    for (let character = -1; character <= 12; character++) {
      const p = { line, character };
      assert.equal(actual.offsetAt(p), expected.offsetAt(p), `${context}: offsetAt(${line}:${character})`);
    }
    assert.deepEqual(actual.getLineRange(line), expected.getLineRange(line), `${context}: getLineRange(${line})`);
    assert.equal(actual.getEOLCharacters(line), expected.getEOLCharacters(line), `${context}: EOL of ${line}`);
  }
  assert.equal(actual.getText(), text, `${context}: text`);
}

test('random edits, one or many per notification, leave the same text, positions and lines as the library', () => {
  for (let seed = 1; seed <= 150; seed++) {
    const next = random(seed);
    const initial = textOf(next, Math.floor(next() * 40));
    const expected = TextDocument.create('file:///x.json', 'json', 1, initial);
    const actual = new PieceTextDocument('file:///x.json', 'json', 1, initial);
    for (let version = 2; version < 40; version++) {
      const changes = Array.from({ length: 1 + Math.floor(next() * 6) }, () => changeOf(next, expected));
      // Each change applies to the document as the previous one left it (the server's update, lsp/documents.ts).
      for (const change of changes) {
        TextDocument.update(expected, [saneChange(expected, change)], version);
        actual.update([saneChange(actual, change)], version);
      }
      // Reading the text joins the pieces: leave some notifications unread, so pieces pile up across them.
      if (next() < 0.4) assertSame(actual, expected, `seed ${seed}, version ${version}`);
    }
    assertSame(actual, expected, `seed ${seed}, end`);
  }
});

test('two hundred keystrokes in one notification on a large document give the library’s text', () => {
  const initial = `{\n${'  "member": "value",\r\n'.repeat(20_000)}  "last": 0\n}\n`;
  const expected = TextDocument.create('file:///big.json', 'json', 1, initial);
  const actual = new PieceTextDocument('file:///big.json', 'json', 1, initial);
  const next = random(7);
  const changes: TextDocumentContentChangeEvent[] = [];
  for (let i = 0; i < 200; i++) {
    const line = 1 + Math.floor(next() * 20_000);
    const start = { line, character: Math.floor(next() * 10) };
    changes.push({ range: { start, end: next() < 0.5 ? start : { line, character: start.character + 1 } }, text: 'x' });
  }
  for (const change of changes) {
    TextDocument.update(expected, [saneChange(expected, change)], 2);
    actual.update([saneChange(actual, change)], 2);
  }
  assert.equal(actual.getText(), expected.getText());
  assert.equal(actual.lineCount, expected.lineCount);
  for (const offset of [0, 1, 5000, 123_456, expected.getText().length])
    assert.deepEqual(actual.positionAt(offset), expected.positionAt(offset));
});
