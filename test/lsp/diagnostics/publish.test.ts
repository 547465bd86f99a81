/**
 * The debounced validator (server/src/lsp/diagnostics/publish.ts): a validation still running when a newer one is
 * scheduled for the same document (files changed on disk: the document's version stays the same) is abandoned. Its
 * `superseded` turns true, and what it computes is never published over the newer validation's result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Connection, Diagnostic } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Validator } from '../../../server/src/lsp/diagnostics/publish';

const diagnostic = (message: string): Diagnostic => ({
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  message,
});

test('a validation superseded while it runs publishes nothing; the newer one publishes', async () => {
  const doc = TextDocument.create('file:///ws/.a2a/config.json', 'json', 1, '{}');
  const published: string[][] = [];
  const connection = {
    sendDiagnostics: async (p: { diagnostics: Diagnostic[] }) =>
      void published.push(p.diagnostics.map((d) => String(d.message))),
    sendNotification: async () => undefined,
    console: { error: () => undefined },
  } as unknown as Connection;
  const runtime = {
    timer: {
      setTimeout: (callback: () => void, ms: number) => {
        const handle = setTimeout(callback, ms);
        return { dispose: () => clearTimeout(handle) };
      },
    },
  };
  const releases: (() => void)[] = [];
  const seen: (() => boolean)[] = [];
  let runs = 0;
  const validator = new Validator(
    connection,
    runtime,
    0,
    () => doc,
    async (_doc, superseded) => {
      const run = ++runs;
      seen.push(superseded);
      await new Promise<void>((release) => releases.push(release));
      return [diagnostic(`run ${run}`)];
    },
  );

  validator.schedule(doc);
  while (releases.length < 1) await new Promise((r) => setTimeout(r, 5));
  validator.schedule(doc); // a watched file changed while the first run was still judging
  while (releases.length < 2) await new Promise((r) => setTimeout(r, 5));
  assert.equal(seen[0]!(), true, 'the first run sees it was superseded');
  assert.equal(seen[1]!(), false);
  releases[1]!();
  releases[0]!();
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(published, [['run 2']]);
});
