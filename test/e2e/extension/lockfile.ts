import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import expectations from '../expectations.json';
import { test } from './harness';
import { describe, exampleUri, openExample, ours, waitForDiagnostics } from './workspace';

test('a lockfile reports a breaking error when its pinned card drops a required skill', async () => {
  const {
    lockfile,
    card,
    replace: [from, to],
    lineMatches,
  } = expectations.lockfileBreak;
  assert.ok(from !== undefined && to !== undefined, 'the expectation names the text to replace and its replacement');
  const cardEditor = await openExample(card);
  const cardDoc = cardEditor.document;
  const at = cardDoc.getText().indexOf(from);
  assert.ok(at >= 0, `${card} contains ${from}`);
  await cardEditor.edit((b) =>
    b.replace(new vscode.Range(cardDoc.positionAt(at), cardDoc.positionAt(at + from.length)), to),
  );
  await cardDoc.save();
  try {
    const lock = await openExample(lockfile);
    const uri = lock.document.uri;
    await waitForDiagnostics(
      uri,
      (all) =>
        all.some(
          (d) =>
            d.severity === vscode.DiagnosticSeverity.Error &&
            new RegExp(lineMatches).test(lock.document.lineAt(d.range.start.line).text),
        ),
      `a breaking error on ${lockfile}`,
    ).catch((e: Error) => assert.fail(`${e.message}\n${describe(lock.document, ours(uri))}`));
  } finally {
    const original = cardDoc.getText().replace(to, from);
    await vscode.workspace.fs.writeFile(exampleUri(card), Buffer.from(original, 'utf8'));
  }
});
