import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import expectations from '../expectations.json';
import { test, waitFor } from './harness';
import { openExample, offsetPosition } from './workspace';

/** The hover's markdown as a reader sees it: backslash escapes (untrusted card text is escaped) removed. */
function hoverText(hovers: vscode.Hover[]): string {
  const markdown = hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');
  return markdown.replace(/\\([\\`*_{}[\]()#+\-.!/<>|~])/g, '$1');
}

test(`hover on skill ${expectations.hover.at} shows its compiled profile`, async () => {
  const { document } = await openExample(expectations.hover.file);
  const position = offsetPosition(document, expectations.hover.at);
  // The first request may arrive before the server has started: poll until our hover is there.
  const text = await waitFor('a hover with the compiled profile', async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      position,
    );
    const t = hoverText(hovers ?? []);
    return expectations.hover.contains.every((s) => t.includes(s)) ? t : undefined;
  }).catch(async (e: Error) => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      document.uri,
      position,
    );
    return assert.fail(`${e.message}\nlast hover text:\n${hoverText(hovers ?? []) || '(no hover)'}`);
  });
  assert.ok(text.length < 20_000, 'hover text is bounded');
  // Card text is untrusted: our hovers must never enable command links.
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    document.uri,
    position,
  );
  for (const c of (hovers ?? []).flatMap((h) => h.contents)) {
    if (typeof c !== 'string' && 'isTrusted' in c) assert.notEqual(c.isTrusted, true, 'hover markdown is not trusted');
  }
});
