/**
 * Batched changes in the language-server campaign: one didChange carrying several edits, as a client batching fast
 * typing (or a multi-cursor edit) sends them. The server keeps edits as pieces until it reads the text
 * (server/src/lsp/pieceTextDocument.ts); the property: after the case, its diagnostics are a fresh open's of the text
 * the client holds, so no edit of a batch was lost, doubled or misplaced.
 */
import { join } from 'node:path';
import { DidChangeTextDocumentNotification, type Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { fileUri, type LspSession } from '../lsp/harness';
import { editText, int, chance, type Rng } from './mutate';

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Two to six edits, each in the offsets of the text the one before it left; and that text. */
export function batchedEdits(rng: Rng, text: string): { edits: Edit[]; text: string } {
  const edits: Edit[] = [];
  for (let i = 0, n = 2 + int(rng, 5); i < n; i++) {
    const start = int(rng, text.length + 1);
    const end = Math.min(text.length, start + (chance(rng, 0.5) ? 0 : int(rng, 40)));
    const inserted = editText(rng, text);
    edits.push({ start, end, text: inserted });
    text = text.slice(0, start) + inserted + text.slice(end);
  }
  return { edits, text };
}

/** Sends `edits` in one didChange; returns the client's document after them. */
export async function sendBatch(s: LspSession, uri: string, doc: TextDocument, edits: Edit[]): Promise<TextDocument> {
  let next = TextDocument.create(uri, doc.languageId, doc.version, doc.getText());
  const changes: TextDocumentContentChangeEvent[] = [];
  for (const e of edits) {
    const change = { range: { start: next.positionAt(e.start), end: next.positionAt(e.end) }, text: e.text };
    next = TextDocument.update(next, [change], next.version);
    changes.push(change);
  }
  next = TextDocument.create(uri, doc.languageId, doc.version + 1, next.getText());
  s.documents.set(uri, next);
  await s.connection.sendNotification(DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: next.version },
    contentChanges: changes,
  });
  return next;
}

const shape = (d: Diagnostic[]) =>
  JSON.stringify(
    d.map((x) => [x.code, x.message, x.range]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  );

/** How the diagnostics `got` for `doc` differ from a fresh open of its text (undefined: they do not). */
export async function differsFromFreshOpen(
  s: LspSession,
  dir: string,
  fileName: string,
  doc: TextDocument,
  got: Diagnostic[],
  timeoutMs: number,
): Promise<string | undefined> {
  const fresh = fileUri(join(dir, 'fresh', fileName));
  await s.open(fresh, doc.languageId, doc.getText());
  try {
    const expected = await s.diagnostics(fresh, timeoutMs);
    return shape(got) === shape(expected)
      ? undefined
      : `after the edits: ${shape(got).slice(0, 200)}; a fresh open: ${shape(expected).slice(0, 200)}`;
  } finally {
    await s.close(fresh);
  }
}
