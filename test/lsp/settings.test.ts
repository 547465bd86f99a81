/** Settings pulled per document; a change re-validates open documents with the new severities. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { startLsp } from './harness';

const card = readFileSync(join(__dirname, 'fixtures', 'mapping.agent-card.json'), 'utf8');

test('rule severities from a2a.rules apply, and a settings change re-validates open documents', async () => {
  const s = await startLsp({ settings: { rules: { 'unknown-field': 'error', 'invalid-media-type': 'off' } } });
  try {
    const u = 'file:///ws/settings/agent-card.json';
    await s.open(u, 'a2a-agent-card', card);
    const first = await s.diagnostics(u);
    assert.equal(first.find((d) => d.code === 'unknown-field')?.severity, DiagnosticSeverity.Error);
    assert.ok(!first.some((d) => d.code === 'invalid-media-type'));
    const asked = s.configurationRequests();
    await s.updateSettings({ rules: { 'unknown-field': 'hint' } });
    // Same document version: wait for the server's own re-validation to publish the new severities.
    const now = await s.diagnosticsWhen(u, (d) => d.some((x) => x.code === 'invalid-media-type'));
    assert.equal(now.find((d) => d.code === 'unknown-field')?.severity, DiagnosticSeverity.Hint);
    assert.ok(now.some((d) => d.code === 'invalid-media-type'));
    assert.ok(s.configurationRequests() > asked, 'settings were pulled again');
  } finally {
    await s.stop();
  }
});

test('a client without workspace/configuration gets the defaults, or what it pushes', async () => {
  const s = await startLsp({ configurationCapability: false, settings: { rules: { 'unknown-field': 'off' } } });
  try {
    const u = 'file:///ws/nocfg/agent-card.json';
    await s.open(u, 'a2a-agent-card', card);
    const d = await s.diagnostics(u);
    assert.equal(d.find((x) => x.code === 'unknown-field')?.severity, DiagnosticSeverity.Warning);
    assert.equal(s.configurationRequests(), 0);
    // Such a client may push its settings instead.
    await s.pushSettings({ rules: { 'unknown-field': 'error' } });
    await s.diagnosticsWhen(u, (x) => x.find((d) => d.code === 'unknown-field')?.severity === DiagnosticSeverity.Error);
  } finally {
    await s.stop();
  }
});
