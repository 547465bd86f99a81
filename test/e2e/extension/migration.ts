import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import expectations from '../expectations.json';
import { test, waitFor } from './harness';
import { codeOf, describe, openExample, ours, waitForDiagnostics } from './workspace';

test('the 0.3 migration quick fix rewrites the card and it validates clean', async () => {
  const { file, title, afterMembers, afterAbsent } = expectations.migration;
  const editor = await openExample(file);
  const doc = editor.document;
  const [legacy] = await waitForDiagnostics(
    doc.uri,
    (all) => all.some((d) => codeOf(d) === 'legacy-card-shape'),
    'legacy-card-shape',
  ).then((all) => all.filter((d) => codeOf(d) === 'legacy-card-shape'));
  assert.ok(legacy, 'a legacy-card-shape diagnostic');
  const actions = await waitFor(`a code action titled /${title}/`, async () => {
    const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      legacy.range,
    );
    return all?.some((a) => new RegExp(title).test(a.title)) ? all : undefined;
  });
  const migrate = actions.find((a) => new RegExp(title).test(a.title));
  assert.ok(migrate);
  assert.equal(migrate.kind?.value.startsWith('quickfix'), true, `kind ${migrate.kind?.value}`);
  if (migrate.edit) assert.equal(await vscode.workspace.applyEdit(migrate.edit), true);
  if (migrate.command)
    await vscode.commands.executeCommand(migrate.command.command, ...(migrate.command.arguments ?? []));
  assert.ok(migrate.edit || migrate.command, 'the action carries an edit or a command');

  const card = JSON.parse(doc.getText()) as Record<string, unknown>;
  // Only what changes is rewritten: the author's one-line arrays and objects elsewhere keep their layout.
  for (const line of expectations.migration.keptLines)
    assert.ok(doc.getText().includes(line), `the migration kept ${line}\n${doc.getText()}`);
  for (const m of afterMembers) assert.ok(m in card, `migrated card has ${m}`);
  for (const m of afterAbsent) assert.ok(!(m in card), `migrated card has no legacy ${m}`);
  await waitFor('the migrated card to validate without errors or warnings', () => {
    const left = ours(doc.uri).filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning);
    return left.length === 0 ? true : undefined;
  }).catch((e: Error) => assert.fail(`${e.message}\n${describe(doc, ours(doc.uri))}`));
  await vscode.commands.executeCommand('workbench.action.files.revert');
});
