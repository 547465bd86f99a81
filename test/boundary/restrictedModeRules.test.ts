// Restricted Mode through the real language server over stdio: the repository's configuration (.a2a/config.json,
// the workspace's a2a.rules) may not quieten the rules that protect the reader; the user's own settings may, and a
// trusted workspace configures every rule as before. Plus the table itself (core/config/restrictedRules.ts).
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { READER_PROTECTING_RULES, restrictedRules } from '../../server/src/core/config/restrictedRules';
import { RULES } from '../../server/src/core/rules/catalog';
import { startLsp } from '../lsp/harness';
import { tempDir } from '../cli/helpers';

const HIDDEN = readFileSync(
  join(__dirname, '..', 'fixtures', 'cards', 'suspicious-text', 'hidden-and-instructions.json'),
  'utf8',
);
const TYPOS = readFileSync(join(__dirname, '..', 'fixtures', 'cards', 'unknown-field', 'typos.json'), 'utf8');

describe('the reader-protecting rules (data)', () => {
  it('name real rules, suspicious-text among them', () => {
    const ids = new Set(RULES.map((r) => r.id));
    for (const id of Object.keys(READER_PROTECTING_RULES)) assert.ok(ids.has(id), id);
    assert.ok('suspicious-text' in READER_PROTECTING_RULES);
  });
  it("a lower severity is raised to the default, or to the user's own; raising and other rules pass", () => {
    assert.deepEqual(restrictedRules({ 'suspicious-text': 'off', 'unknown-field': 'off' }), {
      'suspicious-text': 'warning',
      'unknown-field': 'off',
    });
    assert.deepEqual(restrictedRules({ 'suspicious-text': 'error' }), { 'suspicious-text': 'error' });
    assert.deepEqual(restrictedRules({ 'suspicious-text': 'off' }, { 'suspicious-text': 'off' }), {
      'suspicious-text': 'off',
    });
    assert.deepEqual(restrictedRules({ 'insecure-interface-url': 'hint' }, { 'insecure-interface-url': 'error' }), {
      'insecure-interface-url': 'error',
    });
  });
});

test('Restricted Mode: .a2a/config.json and workspace a2a.rules cannot switch off suspicious-text; trust and the user can', async (t) => {
  const root = tempDir(t, 'a2a-restricted-');
  mkdirSync(join(root, '.a2a'));
  writeFileSync(
    join(root, '.a2a', 'config.json'),
    JSON.stringify({ rules: { 'suspicious-text': 'off', 'unknown-field': 'off' } }),
  );
  const hidden = pathToFileURL(join(root, 'hidden.agent-card.json')).href;
  const typos = pathToFileURL(join(root, 'typos.agent-card.json')).href;
  const lsp = await startLsp({ settings: { workspaceTrusted: false }, workspaceFolders: [root] });
  t.after(() => lsp.stop());
  const has = (d: { code?: unknown }[], code: string) => d.some((x) => x.code === code);
  await lsp.open(hidden, 'a2a-agent-card', HIDDEN);
  await lsp.open(typos, 'a2a-agent-card', TYPOS);
  // The repository's file lowers suspicious-text: ignored (warning, its default); unknown-field off still applies.
  const d1 = await lsp.diagnostics(hidden);
  assert.ok(
    d1.some((x) => x.code === 'suspicious-text' && x.severity === 2),
    JSON.stringify(d1.map((x) => [x.code, x.severity])),
  );
  assert.ok(!has(await lsp.diagnostics(typos), 'unknown-field'), 'other rules are still configured by the repository');
  // The workspace's a2a.rules (merged into rules by the editor; not the user's own): ignored as well.
  await lsp.updateSettings({ workspaceTrusted: false, rules: { 'suspicious-text': 'off' } });
  await lsp.diagnosticsWhen(hidden, (d) => d.some((x) => x.code === 'suspicious-text' && x.severity === 2));
  // Raising is fine.
  await lsp.updateSettings({ workspaceTrusted: false, rules: { 'suspicious-text': 'error' } });
  await lsp.diagnosticsWhen(hidden, (d) => d.some((x) => x.code === 'suspicious-text' && x.severity === 1));
  // The user's own setting may lower it.
  await lsp.updateSettings({
    workspaceTrusted: false,
    rules: { 'suspicious-text': 'off' },
    userRules: { 'suspicious-text': 'off' },
  });
  await lsp.diagnosticsWhen(hidden, (d) => !has(d, 'suspicious-text'));
  // A trusted workspace configures every rule, the file included.
  await lsp.updateSettings({ workspaceTrusted: true });
  await lsp.diagnosticsWhen(hidden, (d) => !has(d, 'suspicious-text'));
  assert.equal(lsp.stderr(), '');
});
