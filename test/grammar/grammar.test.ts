/**
 * TextMate grammar tests (vscode-tmgrammar-test, the grammars from package.json `contributes.grammars`).
 * The cases live in test/grammar/cases/*.grammar.txt; a deliberately wrong case proves the runner fails.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', 'vscode-tmgrammar-test', 'dist', 'unit.js');

function runGrammarTests(pattern: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [BIN, '--config', join(ROOT, 'package.json'), pattern], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

test('agent card and lockfile grammars give the expected scopes', () => {
  const r = runGrammarTests('test/grammar/cases/*.grammar.txt');
  assert.equal(r.status, 0, r.output);
  assert.match(r.output, /agent-card\.grammar\.txt/);
  assert.match(r.output, /lockfile\.grammar\.txt/);
});

test('a wrong scope expectation fails the grammar runner', () => {
  const r = runGrammarTests('test/grammar/fixtures/wrong.grammar.txt');
  assert.notEqual(r.status, 0, r.output);
});
