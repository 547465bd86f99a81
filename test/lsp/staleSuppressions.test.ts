/**
 * Stale `ignore` entries in the editor, through the real language server: an open .a2a/config.json shows
 * `stale-suppression` on each entry that matches no finding of the workspace cards it governs (as `a2acap lint`
 * says), and says nothing it cannot know: not for an entry that also covers a lockfile, nor in a workspace with more
 * cards than the server scans. The verdict is judged again when a card changes, is deleted or created on disk.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, FileChangeType, type Diagnostic } from 'vscode-languageserver-protocol';
import { startLsp } from './harness';
import { cli, tempDir } from '../cli/helpers';

const REPO = join(__dirname, '..', 'fixtures', 'suppressions', 'repo');
const CARD = join('agents', 'travel', 'agent-card.json');

function repo(t: { after: (fn: () => void) => void }): string {
  const dir = tempDir(t, 'a2a-lsp-stale-');
  cpSync(REPO, dir, { recursive: true });
  return dir;
}

async function configDiagnostics(t: { after: (fn: () => void) => void }, dir: string): Promise<Diagnostic[]> {
  const lsp = await startLsp({ workspaceFolders: [dir] });
  t.after(() => lsp.stop());
  const path = join(dir, '.a2a', 'config.json');
  const uri = pathToFileURL(path).href;
  await lsp.open(uri, 'json', readFileSync(path, 'utf8'));
  const published = await lsp.diagnostics(uri);
  assert.equal(lsp.stderr(), '');
  return published.filter((d) => d.code === 'stale-suppression');
}

test('editor: the open configuration shows the entry lint calls stale, on the entry, with its message', async (t) => {
  const dir = repo(t);
  const stale = await configDiagnostics(t, dir);
  const linted = await cli(['lint', CARD, '--format', 'json'], dir);
  const fromLint = (JSON.parse(linted.stdout) as { findings: { code: string; message: string }[] }).findings.filter(
    (f) => f.code === 'stale-suppression',
  );
  assert.equal(stale.length, 1, JSON.stringify(stale));
  assert.deepEqual(
    stale.map((d) => d.message),
    fromLint.map((f) => f.message),
  );
  assert.equal((stale[0]!.data as { pointer: string }).pointer, '/ignore/3');
  assert.equal(stale[0]!.range.start.line, 20, 'on the entry (line 21, as lint places it)');
  assert.equal(stale[0]!.severity, 2);
});

test('editor: an entry that also covers a lockfile is not judged', async (t) => {
  const dir = repo(t);
  const path = join(dir, '.a2a', 'config.json');
  const config = JSON.parse(readFileSync(path, 'utf8')) as { ignore: Record<string, string>[] };
  config.ignore[3]!.file = 'agents/**';
  writeFileSync(path, JSON.stringify(config, null, 2));
  writeFileSync(join(dir, 'agents', 'travel', 'travel.a2a-lock.json'), '{}');
  assert.deepEqual(await configDiagnostics(t, dir), []);
});

test('editor: a workspace with more cards than the server scans gets no stale verdict', async (t) => {
  const dir = repo(t);
  const card = readFileSync(join(dir, CARD), 'utf8');
  for (let i = 0; i < 201; i++) {
    mkdirSync(join(dir, 'agents', `a${i}`), { recursive: true });
    writeFileSync(join(dir, 'agents', `a${i}`, 'agent-card.json'), card);
  }
  assert.deepEqual(await configDiagnostics(t, dir), []);
});

test('editor: the verdict follows cards changed, deleted and created on disk (didChangeWatchedFiles)', async (t) => {
  const dir = repo(t);
  const lsp = await startLsp({ workspaceFolders: [dir] });
  t.after(() => lsp.stop());
  const configUri = pathToFileURL(join(dir, '.a2a', 'config.json')).href;
  await lsp.open(configUri, 'json', readFileSync(join(dir, '.a2a', 'config.json'), 'utf8'));
  const staleEntries = (d: Diagnostic[]) =>
    d
      .filter((x) => x.code === 'stale-suppression')
      .map((x) => (x.data as { pointer: string }).pointer)
      .sort();
  const until = (pointers: string[]) =>
    lsp.diagnosticsWhen(configUri, (d) => JSON.stringify(staleEntries(d)) === JSON.stringify(pointers));
  const changed = async (path: string, type: FileChangeType) =>
    lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(path).href, type }],
    });
  await until(['/ignore/3']);

  // The card now publishes an internal address: the entry that suppresses it is no longer stale.
  const cardPath = join(dir, CARD);
  const original = readFileSync(cardPath, 'utf8');
  writeFileSync(cardPath, original.replace('https://travel.example.com/a2a/jsonrpc', 'https://10.1.2.3/a2a/jsonrpc'));
  await changed(cardPath, FileChangeType.Changed);
  await until([]);

  // Back as it was: stale again.
  writeFileSync(cardPath, original);
  await changed(cardPath, FileChangeType.Changed);
  await until(['/ignore/3']);

  // The card deleted: no card is left for an entry to cover, so none is judged (as lint judges it).
  rmSync(cardPath);
  await changed(cardPath, FileChangeType.Deleted);
  await until([]);

  // The card created elsewhere, under the entry covering every agents/*/agent-card.json: stale again.
  const created = join(dir, 'agents', 'ops', 'agent-card.json');
  mkdirSync(join(dir, 'agents', 'ops'), { recursive: true });
  writeFileSync(created, original);
  await changed(created, FileChangeType.Created);
  const after = await until(['/ignore/3']);
  assert.ok(after.every((d) => d.code !== 'stale-suppression' || d.severity === 2));
  assert.equal(lsp.stderr(), '');
});
