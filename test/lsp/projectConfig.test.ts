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
import { CheckLockfilesRequest } from '../../server/src/protocol';
import { startLsp } from './harness';
import { cli, tempDir } from '../cli/helpers';
import { at } from '../at';

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
  await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(configPath).href, type: FileChangeType.Changed }],
  });
  const after = await lsp.diagnosticsWhen(uri, (d) => codes(d).includes('unknown-field'));
  assert.ok(
    after.filter((d) => d.code === 'unknown-field').every((d) => d.severity === 1),
    'error, as configured',
  );

  // A setting the user changed wins over the file.
  await lsp.updateSettings({ rules: { 'unknown-field': 'off' } });
  await lsp.diagnosticsWhen(uri, (d) => !codes(d).includes('unknown-field'));

  // An invalid file: logged with the file and the member, and not used (the default severity applies again).
  await lsp.updateSettings({});
  writeFileSync(configPath, JSON.stringify({ rulez: { 'unknown-field': 'off' } }));
  await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: pathToFileURL(configPath).href, type: FileChangeType.Changed }],
  });
  await lsp.diagnosticsWhen(uri, (d) => d.some((x) => x.code === 'unknown-field' && x.severity === 2));
  assert.ok(
    lsp.logs.some((l) =>
      /\.a2a\/config\.json: not a valid project configuration: \/rulez: unknown member \(did you mean "rules"\?\)/.test(
        l,
      ),
    ),
    lsp.logs.join('\n'),
  );
});

test('"Check Lockfiles Now" checks each lockfile under its own project configuration, as the CLI does', async (t) => {
  const root = tempDir(t, 'a2a-lsp-config-mono-');
  const card = readFileSync(join(__dirname, '..', 'fixtures', 'compile', 'basic.card.json'), 'utf8');
  const pkg = (name: string, config?: unknown) => {
    const dir = join(root, 'packages', name);
    mkdirSync(join(dir, '.a2a'), { recursive: true });
    if (config !== undefined) writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify(config));
    writeFileSync(join(dir, 'card.json'), card);
    return dir;
  };
  const a = pkg('a', { client: { bindings: ['HTTP+JSON@1.0'] } });
  const b = pkg('b');
  const id = at(
    Object.keys(
      (JSON.parse((await cli(['compile', 'card.json'], a)).stdout) as { skills: Record<string, unknown> }).skills,
    ),
    0,
  );
  for (const dir of [a, b])
    assert.equal((await cli(['pin', 'card.json', '--skill', id, '--out', 'lock.json'], dir)).code, 0);
  const lsp = await startLsp({ settings: { workspaceTrusted: true } });
  t.after(() => lsp.stop());
  const uris = [a, b].map((dir) => pathToFileURL(join(dir, 'lock.json')).href);
  const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris });
  assert.deepEqual(
    checked.results.map((r) => r.verdict),
    ['compatible', 'compatible'],
    JSON.stringify(checked.results.map((r) => r.items)),
  );
});
