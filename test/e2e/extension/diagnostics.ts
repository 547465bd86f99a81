import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import expectations from '../expectations.json';
import { test, waitFor } from './harness';
import {
  EXTENSION_ID,
  codeOf,
  describe,
  exampleUri,
  openExample,
  ours,
  severityName,
  waitForDiagnostics,
} from './workspace';

interface ExpectedDiagnostic {
  file: string;
  code: string;
  severity?: string;
  rangeText?: string;
  rangeMatches?: string;
  messageMatches?: string;
}

test('the extension is installed and activates', async () => {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed`);
  await ext.activate();
  assert.equal(ext.isActive, true);
});

test('cards and lockfiles get our language ids', async () => {
  for (const [file, languageId] of Object.entries(expectations.languages)) {
    const doc = await vscode.workspace.openTextDocument(exampleUri(file));
    assert.equal(doc.languageId, languageId, file);
  }
});

test('the language server starts and publishes diagnostics', async () => {
  // The first document pays for activation and server start (seconds on 2 shared cores); later waits are shorter.
  const first = expectations.diagnostics[0];
  assert.ok(first, 'the expectations name a file with diagnostics');
  const { document } = await openExample(first.file);
  await waitForDiagnostics(document.uri, (all) => all.length > 0, `any a2a diagnostic on ${first.file}`, 40_000);
}, 45_000);

function matches(doc: vscode.TextDocument, d: vscode.Diagnostic, e: ExpectedDiagnostic): boolean {
  if (codeOf(d) !== e.code) return false;
  if (e.severity && severityName[d.severity] !== e.severity) return false;
  const text = doc.getText(d.range);
  if (e.rangeText !== undefined && text !== e.rangeText) return false;
  if (e.rangeMatches !== undefined && !new RegExp(e.rangeMatches).test(text)) return false;
  if (e.messageMatches !== undefined && !new RegExp(e.messageMatches).test(d.message)) return false;
  return true;
}

const byFile = new Map<string, ExpectedDiagnostic[]>();
for (const e of expectations.diagnostics as ExpectedDiagnostic[])
  byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);

for (const [file, expected] of byFile) {
  test(`diagnostics on ${file}: ${[...new Set(expected.map((e) => e.code))].join(', ')} with the right ranges`, async () => {
    const editor = await openExample(file);
    const doc = editor.document;
    try {
      await waitForDiagnostics(
        doc.uri,
        (all) => expected.every((e) => all.some((d) => matches(doc, d, e))),
        `diagnostics of ${file}`,
      );
    } catch (e) {
      assert.fail(
        `${(e as Error).message}\nexpected: ${JSON.stringify(expected)}\ngot:\n${describe(doc, ours(doc.uri))}`,
      );
    }
    for (const d of ours(doc.uri)) {
      assert.ok(d.message.trim().length > 0, 'every diagnostic has a message');
      assert.ok(doc.validateRange(d.range).isEqual(d.range), `range inside the document: ${d.message}`);
    }
  });
}

for (const file of expectations.clean) {
  test(`no errors or warnings on ${file}`, async () => {
    const editor = await openExample(file);
    const uri = editor.document.uri;
    // A clean file publishes an empty list, which cannot be told apart from "not validated yet" through
    // getDiagnostics; prove the server has seen the document first by breaking it and waiting for a finding.
    await editor.edit((b) =>
      b.insert(
        editor.document.positionAt(editor.document.getText().lastIndexOf('}')),
        ',\n  "unexpectedMember": true\n',
      ),
    );
    await waitForDiagnostics(uri, (all) => all.length > 0, `a finding on the edited ${file}`);
    await vscode.commands.executeCommand('undo');
    const serious = await waitFor(`${file} to be clean again`, () => {
      const left = ours(uri).filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning);
      return left.length === 0 ? left : undefined;
    }).catch((e: Error) => assert.fail(`${e.message}\n${describe(editor.document, ours(uri))}`));
    assert.deepEqual(serious, []);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
}
