/**
 * `ignore` and `policies` of .a2a/config.json in the editor, through the real language server: suppressed
 * findings are not published (an expired entry's finding is, with its note), a repository cannot suppress a
 * reader-protecting rule in Restricted Mode, policy violations are diagnostics, and the quick fix "Ignore here,
 * with a reason" writes the entry (appended to the file, or a new file) that then suppresses the finding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidChangeWatchedFilesNotification, FileChangeType } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { startLsp } from './harness';
import { tempDir } from '../cli/helpers';

const REPO = join(__dirname, '..', 'fixtures', 'suppressions', 'repo');
const CARD = join('agents', 'travel', 'agent-card.json');
const PLACEHOLDER = 'TODO: say why this finding is accepted';

function repo(t: { after: (fn: () => void) => void }): string {
  const dir = tempDir(t, 'a2a-lsp-ignore-');
  cpSync(REPO, dir, { recursive: true });
  return dir;
}

const codes = (d: Diagnostic[]) => d.map((x) => String(x.code));

async function session(t: { after: (fn: () => void) => void }, dir: string, trusted: boolean) {
  const lsp = await startLsp({ settings: { workspaceTrusted: trusted }, workspaceFolders: [dir] });
  t.after(() => lsp.stop());
  const uri = pathToFileURL(join(dir, CARD)).href;
  await lsp.open(uri, 'a2a-agent-card', readFileSync(join(dir, CARD), 'utf8'));
  return { lsp, uri };
}

test('editor: suppressed findings are not published; an expired entry says so; Restricted Mode keeps the floor', async (t) => {
  const dir = repo(t);
  const { lsp, uri } = await session(t, dir, false);
  const published = await lsp.diagnostics(uri);
  assert.ok(!codes(published).includes('unknown-field'), 'unknown-field at /x-legacy is suppressed');
  const expired = published.find((d) => d.code === 'skill-description-length');
  assert.match(String(expired?.message), /expired on 2000-01-01/);
  const poisoning = published.find((d) => d.code === 'discovery-poisoning');
  assert.match(String(poisoning?.message), /cannot suppress discovery-poisoning/, 'untrusted: not suppressed');
});

test('editor: in a trusted workspace the repository configures every rule, its ignore entries included', async (t) => {
  const { lsp, uri } = await session(t, repo(t), true);
  const published = await lsp.diagnostics(uri);
  assert.ok(!codes(published).includes('discovery-poisoning'));
});

test('editor: policy violations are diagnostics with the policy id, at the member that decided it', async (t) => {
  const dir = repo(t);
  const configPath = join(dir, '.a2a', 'config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  config.policies = [
    { id: 'no-streaming', severity: 'error', message: 'Streaming must be off.', expression: '!profile.streaming' },
  ];
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  const { lsp, uri } = await session(t, dir, false);
  const policy = (await lsp.diagnostics(uri)).find((d) => d.code === 'no-streaming');
  assert.ok(policy);
  assert.equal(policy.severity, 1);
  assert.equal(policy.message, 'Streaming must be off.');
  assert.deepEqual((policy.data as { pointer: string }).pointer, '/capabilities/streaming');
});

function ignoreAction(actions: CodeAction[]): CodeAction {
  const action = actions.find((a) => a.title.startsWith('Ignore here, with a reason'));
  assert.ok(action, actions.map((a) => a.title).join(', '));
  return action;
}

test('editor: "Ignore here, with a reason" appends the entry; once saved, the finding is no longer published', async (t) => {
  const dir = repo(t);
  const { lsp, uri } = await session(t, dir, false);
  const target = (await lsp.diagnostics(uri)).find((d) => d.code === 'skill-description-length');
  assert.ok(target);
  const action = ignoreAction(await lsp.codeActions(uri, target.range, [target]));
  const configPath = join(dir, '.a2a', 'config.json');
  const configUri = pathToFileURL(configPath).href;
  const before = TextDocument.create(configUri, 'json', 1, readFileSync(configPath, 'utf8'));
  const after = TextDocument.applyEdits(before, action.edit?.changes?.[configUri] ?? []);
  const entries = (JSON.parse(after) as { ignore: Record<string, string>[] }).ignore;
  assert.equal(entries.length, 6, 'appended to the existing entries');
  assert.deepEqual(entries.at(-1), {
    rule: 'skill-description-length',
    file: 'agents/travel/agent-card.json',
    pointer: '/skills/0/description',
    reason: PLACEHOLDER,
  });
  writeFileSync(configPath, after);
  await lsp.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
    changes: [{ uri: configUri, type: FileChangeType.Changed }],
  });
  await lsp.diagnosticsWhen(uri, (d) => !codes(d).includes('skill-description-length'));
});

test('editor: without a configuration the quick fix creates .a2a/config.json in the workspace folder', async (t) => {
  const dir = tempDir(t, 'a2a-lsp-ignore-new-');
  mkdirSync(join(dir, 'agents', 'travel'), { recursive: true });
  cpSync(join(REPO, CARD), join(dir, CARD));
  const { lsp, uri } = await session(t, dir, false);
  const target = (await lsp.diagnostics(uri)).find((d) => d.code === 'unknown-field');
  assert.ok(target);
  const action = ignoreAction(await lsp.codeActions(uri, target.range, [target]));
  const changes = action.edit?.documentChanges ?? [];
  const configUri = pathToFileURL(join(dir, '.a2a', 'config.json')).href;
  assert.deepEqual(changes[0], { kind: 'create', uri: configUri, options: { ignoreIfExists: true } });
  const edit = changes[1] as { edits: { newText: string }[] };
  assert.deepEqual(JSON.parse(edit.edits[0]!.newText), {
    ignore: [
      { rule: 'unknown-field', file: 'agents/travel/agent-card.json', pointer: '/x-legacy', reason: PLACEHOLDER },
    ],
  });
});
