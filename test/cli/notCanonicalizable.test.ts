// A card without a canonical form: lint names the rule; check and pin refuse it with one line, exit 2, no stack.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, tempDir } from './helpers';
import { at } from '../at';

const GOOD = readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8');

function hostileCard(): string {
  const card = JSON.parse(GOOD) as { version: string };
  card.version = '@@';
  return JSON.stringify(card, null, 2).replace('"version": "@@"', '"version": "1.0.0", "x-limit": -1e400');
}

test('lint reports not-canonicalizable; check and pin refuse the card in one line, exit 2', async (t) => {
  const dir = tempDir(t, 'a2a-canon-');
  writeFileSync(join(dir, 'agent-card.json'), hostileCard());
  const lint = await cli(['lint', '--format', 'json', 'agent-card.json'], dir);
  assert.equal(lint.code, 1);
  const findings = (JSON.parse(lint.stdout) as { findings: { code: string; pointer: string; message: string }[] })
    .findings;
  const f = findings.find((x) => x.code === 'not-canonicalizable');
  assert.equal(f?.pointer, '/x-limit');
  assert.match(f!.message, /cannot be pinned, digested or signature-checked/);
  assert.ok(
    findings.some((x) => x.code === 'unknown-field'),
    'other findings are kept',
  );

  const skill = at((JSON.parse(GOOD) as { skills: { id: string }[] }).skills, 0).id;
  const pin = await cli(['pin', 'agent-card.json', '--skill', skill, '--out', 'x.a2a-lock.json'], dir);
  writeFileSync(
    join(dir, 'a2a-lock.json'),
    JSON.stringify({
      agent: './agent-card.json',
      pinned_at: '2026-11-01T00:00:00Z',
      card_digest: `sha256:${'0'.repeat(64)}`,
      requires: {},
    }),
  );
  const check = await cli(['check', '--card', 'agent-card.json', 'a2a-lock.json'], dir);
  for (const [name, run] of [
    ['pin', pin],
    ['check', check],
  ] as const) {
    assert.equal(run.code, 2, `${name}: ${run.stderr}`);
    const lines = run.stderr.trim().split('\n');
    assert.equal(lines.length, 1, `${name} says one line: ${run.stderr}`);
    assert.match(
      at(lines, 0),
      /the card cannot be used: .*cannot be pinned, digested or signature-checked, because of a number that overflows a double .*\(at \/x-limit\)/,
      name,
    );
    assert.doesNotMatch(run.stderr, /\n\s+at /, `${name}: no stack`);
  }
});
