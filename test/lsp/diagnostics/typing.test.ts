/**
 * Typing into an open card: after every keystroke the real server publishes exactly the diagnostics (codes,
 * messages, ranges) it publishes for the same text opened fresh, whether the edit stays inside a string
 * (where the server moves the previous version's ranges) or changes the structure (where it locates again);
 * and so do the same keystrokes sent in one didChange, or back to back without waiting for diagnostics.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DidChangeTextDocumentNotification, type Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { startLsp, type LspSession } from '../harness';

const CARD = readFileSync(join(__dirname, '..', 'fixtures', 'mapping.agent-card.json'), 'utf8');
let s: LspSession;
let n = 0;

before(async () => {
  s = await startLsp({ initializationOptions: { validationDelayMs: 0 } });
});
after(async () => {
  await s.stop();
});

const shape = (d: Diagnostic[]) =>
  d
    .map((x) => ({ code: x.code, message: x.message, range: x.range }))
    .sort((a, b) => String(a.message).localeCompare(String(b.message)));

/** Where an edit goes: just after the first occurrence of `after` (from `from` on). */
interface Keystroke {
  after: string;
  from?: string;
  insert?: string;
  remove?: number;
}

const KEYSTROKES: Keystroke[] = [
  { after: '"description": "', insert: 'An agent' },
  { after: '"description": "An', insert: ' "quoted"'.replace(/"/g, '\\"') },
  { after: '"description": "An', remove: 1 },
  { after: '"description": "', from: '"skills"', insert: 'long enough now' },
  { after: '"tex', insert: 't/' },
  { after: '"description": "An', insert: '"' },
  { after: '"description": "An', remove: 1 },
  { after: '"colour', insert: 's' },
  { after: '"name": "', insert: 'é ' },
  { after: '"description": "', insert: '\u2028' },
  { after: '"description": "', from: '"skills"', remove: 3 },
];

test('every keystroke publishes the diagnostics a fresh open of the same text gets', async () => {
  const typed = `file:///ws/typing${++n}/agent-card.json`;
  let doc = await s.open(typed, 'a2a-agent-card', CARD);
  await s.diagnostics(typed);
  for (const k of KEYSTROKES) {
    const text = doc.getText();
    const base = text.indexOf(k.from ?? '');
    const at = text.indexOf(k.after, base) + k.after.length;
    assert.ok(at >= k.after.length, `${k.after} is in the card`);
    const range = { start: doc.positionAt(at), end: doc.positionAt(at + (k.remove ?? 0)) };
    doc = await s.edit(typed, range, k.insert ?? '');
    const got = await s.diagnostics(typed);

    const fresh = `file:///ws/typing${++n}/agent-card.json`;
    await s.open(fresh, 'a2a-agent-card', doc.getText());
    const expected = await s.diagnostics(fresh);
    await s.close(fresh);
    assert.ok(expected.length >= 1, 'the card keeps findings to locate');
    assert.deepEqual(shape(got), shape(expected), `after ${JSON.stringify(k)}`);
  }
});

/** The changes of every keystroke above, each in the coordinates the one before it left (as a client sends them). */
function changesOf(start: TextDocument): { changes: TextDocumentContentChangeEvent[]; text: string } {
  let doc = TextDocument.create(start.uri, start.languageId, start.version, start.getText());
  const changes: TextDocumentContentChangeEvent[] = [];
  for (const k of KEYSTROKES) {
    const text = doc.getText();
    const at = text.indexOf(k.after, text.indexOf(k.from ?? '')) + k.after.length;
    const change = {
      range: { start: doc.positionAt(at), end: doc.positionAt(at + (k.remove ?? 0)) },
      text: k.insert ?? '',
    };
    doc = TextDocument.update(doc, [change], doc.version);
    changes.push(change);
  }
  return { changes, text: doc.getText() };
}

async function freshDiagnostics(text: string): Promise<Diagnostic[]> {
  const fresh = `file:///ws/typing${++n}/agent-card.json`;
  await s.open(fresh, 'a2a-agent-card', text);
  const expected = await s.diagnostics(fresh);
  await s.close(fresh);
  return expected;
}

test('keystrokes batched in one didChange publish what a fresh open of the result gets', async () => {
  const typed = `file:///ws/typing${++n}/agent-card.json`;
  const doc = await s.open(typed, 'a2a-agent-card', CARD);
  await s.diagnostics(typed);
  const { changes, text } = changesOf(doc);
  s.documents.set(typed, TextDocument.create(typed, doc.languageId, 2, text));
  await s.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri: typed, version: 2 },
    contentChanges: changes,
  });
  const got = await s.diagnostics(typed);
  assert.deepEqual(shape(got), shape(await freshDiagnostics(text)));
});

test('keystrokes sent back to back, without waiting, end with what a fresh open gets', async () => {
  const typed = `file:///ws/typing${++n}/agent-card.json`;
  const doc = await s.open(typed, 'a2a-agent-card', CARD);
  await s.diagnostics(typed);
  const { changes, text } = changesOf(doc);
  await Promise.all(
    changes.map((change, i) =>
      s.connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: typed, version: i + 2 },
        contentChanges: [change],
      }),
    ),
  );
  s.documents.set(typed, TextDocument.create(typed, doc.languageId, changes.length + 1, text));
  const got = await s.diagnostics(typed);
  assert.deepEqual(shape(got), shape(await freshDiagnostics(text)));
});
