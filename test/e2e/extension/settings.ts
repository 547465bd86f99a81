import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import expectations from '../expectations.json';
import { test, waitFor } from './harness';
import { codeOf, describe, openExample, ours, waitForDiagnostics } from './workspace';
import { at } from '../../at';

test('changing a rule severity in the settings re-validates the open card', async () => {
  const { file, rule, severity } = expectations.settingsChange;
  const { document } = await openExample(file);
  const uri = document.uri;
  const ofRule = (all: vscode.Diagnostic[]) => all.filter((d) => codeOf(d) === rule);
  await waitForDiagnostics(
    uri,
    (all) => ofRule(all).some((d) => d.severity === vscode.DiagnosticSeverity.Error),
    `${rule} as an error`,
  );
  const config = vscode.workspace.getConfiguration('a2a', uri);
  const explain = (e: Error) =>
    assert.fail(
      `${e.message} (a2a.rules now ${JSON.stringify(vscode.workspace.getConfiguration('a2a', uri).get('rules'))})\n${describe(document, ours(uri))}`,
    );
  try {
    await config.update('rules', { [rule]: severity }, vscode.ConfigurationTarget.Workspace);
    await waitForDiagnostics(
      uri,
      (all) => ofRule(all).length > 0 && ofRule(all).every((d) => d.severity === vscode.DiagnosticSeverity.Warning),
      `${rule} downgraded to ${severity}`,
    ).catch(explain);
    await config.update('rules', { [rule]: 'off' }, vscode.ConfigurationTarget.Workspace);
    await waitForDiagnostics(uri, (all) => ofRule(all).length === 0, `${rule} switched off`).catch(explain);
  } finally {
    await config.update('rules', undefined, vscode.ConfigurationTarget.Workspace);
  }
  await waitForDiagnostics(
    uri,
    (all) => ofRule(all).some((d) => d.severity === vscode.DiagnosticSeverity.Error),
    `${rule} back as an error`,
  );
});

/** A file created or deleted reaches the server through the workbench's file watcher, slower on a loaded machine. */
const WATCHER_TIMEOUT_MS = 30_000;

test(
  'a .a2a/config.json in the workspace sets rule severities, and a change to it applies at once',
  async () => {
    const { file, rule, severity } = expectations.settingsChange;
    const { document } = await openExample(file);
    const uri = document.uri;
    const folder = vscode.workspace.getWorkspaceFolder(uri)!.uri;
    const configUri = vscode.Uri.joinPath(folder, '.a2a', 'config.json');
    const ofRule = (all: vscode.Diagnostic[]) => all.filter((d) => codeOf(d) === rule);
    await waitForDiagnostics(
      uri,
      (all) => ofRule(all).some((d) => d.severity === vscode.DiagnosticSeverity.Error),
      `${rule} as an error`,
    );
    const explain = (e: Error) => assert.fail(`${e.message}\n${describe(document, ours(uri))}`);
    try {
      // The file the CLI reads in CI; the editor's watcher hands its creation to the server.
      await vscode.workspace.fs.writeFile(configUri, Buffer.from(JSON.stringify({ rules: { [rule]: severity } })));
      await waitForDiagnostics(
        uri,
        (all) => ofRule(all).length > 0 && ofRule(all).every((d) => d.severity === vscode.DiagnosticSeverity.Warning),
        `${rule} as ${severity} from .a2a/config.json`,
        WATCHER_TIMEOUT_MS,
      ).catch(explain);
    } finally {
      await vscode.workspace.fs.delete(configUri, { useTrash: false });
    }
    await waitForDiagnostics(
      uri,
      (all) => ofRule(all).some((d) => d.severity === vscode.DiagnosticSeverity.Error),
      `${rule} back as an error once the file is gone`,
      WATCHER_TIMEOUT_MS,
    ).catch(explain);
  },
  3 * WATCHER_TIMEOUT_MS,
);

test('"A2A: Create Project Configuration" writes .a2a/config.json from the folder\'s settings and opens it', async () => {
  const folder = at(vscode.workspace.workspaceFolders!, 0).uri;
  const configUri = vscode.Uri.joinPath(folder, '.a2a', 'config.json');
  const config = vscode.workspace.getConfiguration('a2a', folder);
  await config.update('rules', { 'unknown-field': 'off' }, vscode.ConfigurationTarget.Workspace);
  try {
    await vscode.commands.executeCommand('a2a.createProjectConfig');
    const written = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(configUri)).toString('utf8'));
    assert.deepEqual(written, {
      client: { bindings: ['JSONRPC@1.0', 'HTTP+JSON@1.0'], knownExtensions: [] },
      rules: { 'unknown-field': 'off' },
    });
    assert.equal(
      vscode.window.activeTextEditor?.document.uri.toString(),
      configUri.toString(),
      'the new file is opened',
    );
    // A second run opens the file and leaves it as it is.
    await vscode.workspace.fs.writeFile(configUri, Buffer.from('{"rules": {}}\n'));
    await vscode.commands.executeCommand('a2a.createProjectConfig');
    assert.equal(Buffer.from(await vscode.workspace.fs.readFile(configUri)).toString('utf8'), '{"rules": {}}\n');
  } finally {
    await config.update('rules', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.delete(configUri, { useTrash: false }).then(undefined, () => undefined);
  }
});

test("VS Code's JSON language server validates .a2a/config.json with our schema (a misspelled member is flagged)", async () => {
  const folder = at(vscode.workspace.workspaceFolders!, 0).uri;
  const configUri = vscode.Uri.joinPath(folder, '.a2a', 'config.json');
  await vscode.workspace.fs.writeFile(configUri, Buffer.from('{\n  "rulez": {}\n}\n'));
  try {
    const document = await vscode.workspace.openTextDocument(configUri);
    await vscode.window.showTextDocument(document);
    const flagged = await waitFor(
      'a JSON schema diagnostic on "rulez"',
      () => {
        const all = vscode.languages.getDiagnostics(configUri).filter((d) => d.source !== 'a2a');
        return all.some((d) => document.getText(d.range).includes('rulez')) ? all : undefined;
      },
      30_000,
    );
    assert.ok(flagged.length > 0);
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.workspace.fs.delete(configUri, { useTrash: false }).then(undefined, () => undefined);
  }
});
