import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import expectations from '../expectations.json';
import { test } from './harness';

test('every A2A command is registered', async () => {
  const all = new Set(await vscode.commands.getCommands(true));
  const missing = expectations.commands.filter((c) => !all.has(c));
  assert.deepEqual(missing, [], `commands not registered: ${missing.join(', ')}`);
});

test('A2A: Show Output runs without error', async () => {
  await vscode.commands.executeCommand('a2a.showOutput');
});
