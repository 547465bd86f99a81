import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { test } from './harness';

test('the A2A view container opens from its command, with the A2A Capabilities view in it', async () => {
  // VS Code registers `workbench.view.extension.<container id>` for each contributed view container.
  const all = new Set(await vscode.commands.getCommands(true));
  assert.ok(all.has('workbench.view.extension.a2a'), 'the a2a view container is registered');
  await vscode.commands.executeCommand('workbench.view.extension.a2a');
  await vscode.commands.executeCommand('a2aCapabilities.focus');
});
