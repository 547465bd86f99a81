/**
 * The project's policies on lockfiles in the editor, through the real language server: an open lockfile and a closed
 * one a check covered get the problems `a2acap check` reports (the same levels and wording, at `/agent`, naming the
 * card member that decided), `ignore` entries for a policy id accept them, and a policy that does not compile is one
 * clear error on the lockfile. The workspace is test/fixtures/checkPolicies (.a2a/config.json, a lockfile, a card).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { CheckLockfilesRequest, LockfileDiffRequest } from '../../server/src/protocol';
import { startLsp } from './harness';
import { tempDir } from '../cli/helpers';
import { at } from '../at';

const FIXTURE = join(__dirname, '..', 'fixtures', 'checkPolicies');
/** What `a2acap check violates.lock.json --card violates.agent-card.json` reports: [level, pointer, message]. */
const EXPECTED = JSON.parse(readFileSync(join(FIXTURE, 'violates.check-expected.json'), 'utf8')) as [
  string,
  string,
  string,
][];
const LOCK = 'violates.lock.json';

function workspace(t: { after: (fn: () => void) => void }, config?: (c: Record<string, unknown>) => void): string {
  const dir = tempDir(t, 'a2a-lsp-lock-policies-');
  cpSync(FIXTURE, dir, { recursive: true });
  if (config) {
    const path = join(dir, '.a2a', 'config.json');
    const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    config(value);
    writeFileSync(path, JSON.stringify(value, null, 2));
  }
  return dir;
}

async function session(t: { after: (fn: () => void) => void }, dir: string) {
  const lsp = await startLsp({ settings: { workspaceTrusted: true }, workspaceFolders: [dir] });
  t.after(() => lsp.stop());
  return lsp;
}

const policyDiagnostics = (d: Diagnostic[]) =>
  d.filter((x) => String(x.code).startsWith('lockfile-') && String(x.message).includes('(decided by '));

/** Each expected problem as the editor shows it: the check's level as the rule, its message, the card compared. */
function asPublished(expected: readonly [string, string, string][]): [string, string][] {
  return expected.map(([level, , message]) => [
    `lockfile-${level}`,
    `${message} (compared with the card in violates.agent-card.json)`,
  ]);
}

const shown = (d: Diagnostic[]) => policyDiagnostics(d).map((x) => [String(x.code), String(x.message)]);

test('editor: an open lockfile shows the policy problems check reports, at /agent', async (t) => {
  const dir = workspace(t);
  const lsp = await session(t, dir);
  const uri = pathToFileURL(join(dir, LOCK)).href;
  const doc = await lsp.open(uri, 'a2a-lockfile', readFileSync(join(dir, LOCK), 'utf8'));
  const published = await lsp.diagnostics(uri);
  assert.deepEqual(shown(published).sort(), asPublished(EXPECTED).sort());
  const agentLine = doc
    .getText()
    .split('\n')
    .findIndex((l) => l.includes('"agent"'));
  for (const d of policyDiagnostics(published)) assert.equal(d.range.start.line, agentLine, 'placed on /agent');
  assert.equal(lsp.stderr(), '');
});

test('editor: a closed lockfile a check covered shows them too, and the check says breaking', async (t) => {
  const dir = workspace(t);
  const lsp = await session(t, dir);
  const uri = pathToFileURL(join(dir, LOCK)).href;
  const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [uri] });
  assert.equal(at(checked.results, 0).verdict, 'breaking');
  const published = await lsp.diagnosticsWhen(uri, (d) => policyDiagnostics(d).length > 0);
  assert.deepEqual(shown(published).sort(), asPublished(EXPECTED).sort());
});

test('editor: an ignore entry for a policy id accepts its problem; an expired one says so', async (t) => {
  const dir = workspace(t, (c) => {
    c.ignore = [
      { rule: 'https-only', file: LOCK, reason: 'the staging interface stays on http' },
      { rule: 'streaming-required', file: '*.lock.json', reason: 'was to stream by now', until: '2000-01-01' },
      { rule: 'oauth2-pkce', file: 'other.lock.json', reason: 'another lockfile' },
    ];
  });
  const lsp = await session(t, dir);
  const uri = pathToFileURL(join(dir, LOCK)).href;
  await lsp.open(uri, 'a2a-lockfile', readFileSync(join(dir, LOCK), 'utf8'));
  const messages = policyDiagnostics(await lsp.diagnostics(uri)).map((d) => String(d.message));
  assert.ok(!messages.some((m) => m.startsWith('https-only:')), 'suppressed');
  assert.ok(
    messages.some((m) => m.startsWith('oauth2-pkce:')),
    'an entry for another file does not apply',
  );
  const expired = messages.find((m) => m.startsWith('streaming-required:'));
  assert.match(String(expired), /the suppression in \.a2a\/config\.json \/ignore\/1 expired on 2000-01-01/);
});

test('editor: a policy that does not compile is one clear error on the lockfile', async (t) => {
  const dir = workspace(t, (c) => {
    c.policies = [{ id: 'broken-policy', severity: 'error', message: 'never runs', expression: 'profile.(' }];
  });
  const lsp = await session(t, dir);
  const uri = pathToFileURL(join(dir, LOCK)).href;
  await lsp.open(uri, 'a2a-lockfile', readFileSync(join(dir, LOCK), 'utf8'));
  const published = await lsp.diagnostics(uri);
  const errors = published.filter((d) => String(d.message).includes('broken-policy'));
  assert.equal(errors.length, 1, JSON.stringify(published));
  assert.equal(errors[0]!.code, 'lockfile-error');
  assert.equal(errors[0]!.severity, 1);
  assert.match(
    String(errors[0]!.message),
    /policies of .*\.a2a\/config\.json cannot be checked: .*\/policies\/0\/expression: policy "broken-policy" does not compile/,
  );
  assert.equal(lsp.stderr(), '');
});

test("editor: the lockfile's diff view gives the verdict its diagnostics give, policies included", async (t) => {
  const dir = workspace(t);
  const lsp = await session(t, dir);
  const uri = pathToFileURL(join(dir, LOCK)).href;
  const diff = await lsp.connection.sendRequest(LockfileDiffRequest.type, { uri });
  assert.equal(diff.error, undefined);
  assert.equal(diff.diff, '', 'the card is the one pinned: nothing changed but the policies judge it');
  assert.equal(diff.verdict, 'breaking');
});
