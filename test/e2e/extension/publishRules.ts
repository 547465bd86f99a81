// A rule a provider runs before publishing, in the real editor: a card whose interface declares a patch version
// ("1.0.1") gets the protocol-version-patch warning on that value, and its quick fix "Change to \"1.0\"" clears it
// while the other interface's version stays as written.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import card from '../../fixtures/cards/protocol-version-patch/patch-part.json';
import internalCard from '../../fixtures/cards/internal-address/internal-urls.json';
import { test, waitFor } from './harness';
import { codeOf, exampleUri, ours, waitForDiagnostics } from './workspace';

const FILE = 'cards/patch-version.agent-card.json';
const RULE = 'protocol-version-patch';
const TITLE = 'Change to "1.0"';

test('a patch-versioned interface gets protocol-version-patch, and its quick fix clears that warning', async () => {
  const uri = exampleUri(FILE);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(card, null, 2)}\n`));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const patchWarnings = () => ours(uri).filter((d) => codeOf(d) === RULE);
  await waitForDiagnostics(uri, (all) => all.some((d) => codeOf(d) === RULE), RULE);
  // The 0.3 interface's "0.3.0" has a patch part too, and keeps its warning: only the one on "1.0.1" is fixed here.
  const warning = patchWarnings().find((d) => doc.getText(d.range) === '"1.0.1"');
  assert.ok(warning, `a ${RULE} warning on "1.0.1"`);
  assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);

  const actions = await waitFor(`a code action titled ${TITLE}`, async () => {
    const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      warning.range,
    );
    return all?.some((a) => a.title === TITLE) ? all : undefined;
  });
  const fix = actions.find((a) => a.title === TITLE);
  assert.ok(fix?.edit, 'the quick fix carries an edit');
  assert.equal(fix.kind?.value.startsWith('quickfix'), true, `kind ${fix.kind?.value}`);
  assert.equal(await vscode.workspace.applyEdit(fix.edit), true);

  const fixed = JSON.parse(doc.getText()) as { supportedInterfaces: { protocolVersion: string }[] };
  assert.deepEqual(
    fixed.supportedInterfaces.map((i) => i.protocolVersion),
    ['1.0', '0.3.0'],
  );
  await waitFor(`${RULE} to remain only on "0.3.0"`, () => {
    const left = patchWarnings();
    return left.length > 0 && left.every((d) => doc.getText(d.range) === '"0.3.0"') ? true : undefined;
  });
  await vscode.commands.executeCommand('workbench.action.files.revert');
});

test('internal-address offers "served only inside our network", which sets a2a.card.internalOnly and quiets it', async () => {
  const uri = exampleUri('cards/internal.agent-card.json');
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(internalCard, null, 2)}\n`));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  assert.ok(folder, 'the card is in the workspace folder');
  const internal = (
    await waitForDiagnostics(uri, (all) => all.some((d) => codeOf(d) === 'internal-address'), 'internal-address')
  ).find((d) => codeOf(d) === 'internal-address');
  assert.ok(internal);
  const action = await waitFor('the internal-only quick fix', async () => {
    const all = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      internal.range,
    );
    return all?.find((a) => /served only inside our network/.test(a.title));
  });
  assert.ok(action.command, 'the quick fix runs a command');
  try {
    await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
    const setting = vscode.workspace.getConfiguration('a2a', folder.uri).inspect<boolean>('card.internalOnly');
    // (in a single-folder window the folder's settings are the workspace's: either view shows the value)
    assert.equal(setting?.workspaceFolderValue ?? setting?.workspaceValue, true, "set in the card's workspace folder");
    await waitFor('internal-address to go quiet', () =>
      ours(uri).some((d) => codeOf(d) === 'internal-address') ? undefined : true,
    );
  } finally {
    await vscode.workspace
      .getConfiguration('a2a', folder.uri)
      .update('card.internalOnly', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
  }
});
