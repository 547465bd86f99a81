/**
 * `.a2a/config.json` in the editor, through the real language server: the file the CLI reads applies to the
 * documents beneath it, the editor's own settings win where the user changed them, a change to the file takes
 * effect at once (didChangeWatchedFiles), and an invalid file is said (logged) and not used.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, FileChangeType } from 'vscode-languageserver-protocol';
import { startLsp } from './harness';
import { tempDir } from '../pin/helpers';

const TYPOS = readFileSync(join(__dirname, '..', 'fixtures', 'cards', 'unknown-field', 'typos.json'), 'utf8');

test('the project configuration sets rule severities for the documents beneath it, live', async (t) => {
  const root = tempDir(t, 'a2a-lsp-config-');
  mkdirSync(join(root, '.a2a'));
  const configPath = join(root, '.a2a', 'config.json');
  writeFileSync(configPath, JSON.stringify({ rules: { 'unknown-field': 'off' } }));
  mkdirSync(join(root, 'cards'));
  const uri = pathToFileURL(join(root, 'cards', 'travel.agent-card.json')).href;
  const lsp = await startLsp({ settings: {} });
  t.after(() => lsp.stop());
  await lsp.open(uri, 'a2a-agent-card', TYPOS);
  const codes = (d: { code?: unknown }[]) => d.map((x) => String(x.code));
  assert.ok(!codes(await lsp.diagnostics(uri)).includes('unknown-field'), 'off in .a2a/config.json');

  // The file changes: the server re-reads it and re-validates open documents.
  writeFileSync(configPath, JSON.stringify({ rules: { 'unknown-field': 'error' } }));
  await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(configPath).href, type: FileChangeType.Changed }] });
  const after = await lsp.diagnosticsWhen(uri, (d) => codes(d).includes('unknown-field'));
  assert.ok(after.filter((d) => d.code === 'unknown-field').every((d) => d.severity === 1), 'error, as configured');

  // A setting the user changed wins over the file.
  await lsp.updateSettings({ rules: { 'unknown-field': 'off' } });
  await lsp.diagnosticsWhen(uri, (d) => !codes(d).includes('unknown-field'));

  // An invalid file: logged with the file and the member, and not used (the default severity applies again).
  await lsp.updateSettings({});
  writeFileSync(configPath, JSON.stringify({ rulez: { 'unknown-field': 'off' } }));
  await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(configPath).href, type: FileChangeType.Changed }] });
  await lsp.diagnosticsWhen(uri, (d) => d.some((x) => x.code === 'unknown-field' && x.severity === 2));
  assert.ok(lsp.logs.some((l) => /\.a2a\/config\.json: not a valid project configuration: \/rulez: unknown member \(did you mean "rules"\?\)/.test(l)), lsp.logs.join('\n'));
});
