import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import expectations from '../expectations.json';
import { test, waitFor } from './harness';
import { EXTENSION_ID, openExample } from './workspace';

interface Node {
  label?: string;
  description?: string;
  children?: Node[];
}

function flatten(nodes: Node[]): string[] {
  return nodes.flatMap((n) => [`${n.label ?? ''} ${n.description ?? ''}`, ...flatten(n.children ?? [])]);
}

/**
 * What the "A2A Capabilities" view shows for the active editor. Prefers the extension's test hook (a command that
 * returns the rendered tree); without it, asks the language server for the same payload the view renders.
 */
async function treeNodes(uri: vscode.Uri): Promise<Node[] | undefined> {
  const commands = await vscode.commands.getCommands(true);
  if (commands.includes('a2a.internal.treeSnapshot')) {
    return vscode.commands.executeCommand<Node[]>('a2a.internal.treeSnapshot');
  }
  const api = vscode.extensions.getExtension(EXTENSION_ID)?.exports as
    | { client?: () => { sendRequest(method: string, params: unknown): Promise<{ nodes?: Node[] }> } | undefined }
    | undefined;
  const client = api?.client?.();
  if (!client) return undefined;
  return (await client.sendRequest('a2a/capabilities', { uri: uri.toString() }))?.nodes;
}

test('the A2A Capabilities tree shows the skills of the active card', async () => {
  const { document } = await openExample(expectations.tree.file);
  let last: string[] = [];
  await waitFor('tree rows for every skill', async () => {
    last = flatten((await treeNodes(document.uri)) ?? []);
    return expectations.tree.labels.every((re) => last.some((l) => new RegExp(re).test(l))) ? true : undefined;
  }).catch((e: Error) => assert.fail(`${e.message}\nrows seen:\n${last.join('\n') || '(none)'}`));
});
