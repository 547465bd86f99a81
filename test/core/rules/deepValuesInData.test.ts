/**
 * A finding's data is written by every machine-readable output (`lint --format json`, SARIF, Code Quality, MCP), so
 * it must never carry a card value of unbounded depth: a skill id that is an array nested a hundred thousand deep is
 * the schema's finding, and the rules that name a skill in their data leave such an id out.
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { lintDocument } from '../../../server/src/core/lint';
import { machineJson } from '../../../server/src/core/report/machineJson';

const DEPTH = 100_000;

function deepArray(): string {
  return '['.repeat(DEPTH) + ']'.repeat(DEPTH);
}

/** One skill that three skill-naming rules report: its modes drop a default, it has no tags, it keeps 0.3's `security`. */
function card(id: string): string {
  return `{
    "name": "Deep", "description": "d", "version": "1.0.0",
    "supportedInterfaces": [{"url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
    "capabilities": {},
    "defaultInputModes": ["text/plain", "application/json"],
    "defaultOutputModes": ["application/json"],
    "skills": [{"id": ${id}, "name": "s", "description": "d", "tags": [], "inputModes": ["text/plain"], "security": []}]
  }`;
}

test('findings about a skill whose id is deeply nested are written as JSON', () => {
  const result = lintDocument(card(deepArray()), { fileName: 'agent-card.json' });
  const codes = new Set(result.findings.map((f) => f.code));
  for (const code of ['skill-mode-narrows-default', 'empty-skill-tags', 'legacy-card-shape'])
    assert.ok(codes.has(code), `${code} reports the skill (got ${[...codes].join(', ')})`);
  assert.doesNotThrow(() => machineJson({ findings: result.findings }, 2));
});

test('a string id is still carried as data', () => {
  const result = lintDocument(card('"quote"'), { fileName: 'agent-card.json' });
  const named = result.findings.filter((f) => f.code === 'skill-mode-narrows-default' || f.code === 'empty-skill-tags');
  assert.equal(named.length, 2);
  for (const f of named) assert.equal((f.data as { skillId?: unknown }).skillId, 'quote');
});
