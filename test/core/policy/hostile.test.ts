/**
 * Policies come from a repository: a hostile expression must be refused when compiled or stopped while it runs,
 * quickly and without exhausting memory, on a card as large as the size limit allows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilePolicyExpression, MAX_EXPRESSION_LENGTH } from '../../../server/src/core/policy/compile';
import { evaluatePolicy } from '../../../server/src/core/policy/evaluate';

function refused(expression: string): string {
  const compiled = compilePolicyExpression(expression);
  assert.equal(compiled.ok, false, `refused: ${expression.slice(0, 60)}`);
  return compiled.ok ? '' : compiled.message;
}

/** A card near the 1 MiB limit: 5,000 skills, each with a 150-character description. */
function bigCard(): { card: unknown; profile: unknown } {
  const skills = Array.from({ length: 5000 }, (_, i) => ({ id: `s${i}`, description: 'd'.repeat(150), tags: ['t'] }));
  const profile = { usable: true, skills: Object.fromEntries(skills.map((s) => [s.id, { input: ['text/plain'] }])) };
  return { card: { name: 'Big', description: 'x'.repeat(200_000), skills }, profile };
}

function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

test('deep nesting is refused at compile time', () => {
  assert.match(refused(`${'('.repeat(200)}true${')'.repeat(200)}`), /maxDepth/);
});

test('a huge expression or string literal is refused by its length', () => {
  assert.match(refused(`"${'a'.repeat(MAX_EXPRESSION_LENGTH)}" == ""`), /over the limit/);
});

test('large literals and long operator chains are refused by the syntax limits', () => {
  assert.match(refused(`[${Array.from({ length: 100 }, (_, i) => i).join(',')}].size() > 0`), /maxListElements/);
  assert.match(refused(Array.from({ length: 400 }, () => '1').join('+') + '>0'), /maxAstNodes|maxDepth/);
});

test('comprehensions nested more than three deep are refused', () => {
  assert.match(
    refused('card.skills.all(a, card.skills.all(b, card.skills.all(c, card.skills.all(d, true))))'),
    /nests more than 3 comprehensions/,
  );
  assert.ok(compilePolicyExpression('card.skills.all(a, card.skills.all(b, card.skills.all(c, true)))').ok);
});

test('regular expressions are refused (JavaScript RegExp backtracks)', () => {
  assert.match(refused('card.name.matches("(a+)+$")'), /matches\(\) is not available/);
  assert.match(refused('matches(card.name, "(a+)+$")'), /matches\(\) is not available/);
});

test('nested loops over a large card stop at the read budget, in seconds, not hours', () => {
  const { card, profile } = bigCard();
  const compiled = compilePolicyExpression('card.skills.all(a, card.skills.all(b, card.skills.all(c, a.id != "")))');
  assert.ok(compiled.ok);
  const { value, ms } = timed(() => evaluatePolicy(compiled.run, profile, card));
  assert.equal(value.result, 'error');
  assert.match(value.result === 'error' ? value.reason : '', /too much work/);
  assert.ok(ms < 5000, `${ms} ms`);
});

test('long strings read again and again cost their length: the budget stops them', () => {
  const { card, profile } = bigCard();
  const compiled = compilePolicyExpression(
    'card.skills.map(s, card.description + card.description + card.description).exists(t, t.size() == 0)',
  );
  assert.ok(compiled.ok);
  const { value, ms } = timed(() => evaluatePolicy(compiled.run, profile, card));
  assert.equal(value.result, 'error');
  assert.ok(ms < 5000, `${ms} ms`);
});

test('an ordinary policy over the same large card completes', () => {
  const { card, profile } = bigCard();
  const compiled = compilePolicyExpression(
    'profile.skills.all(id, !profile.skills[id].input.exists(m, m.startsWith("application/x-")))',
  );
  assert.ok(compiled.ok);
  assert.deepEqual(evaluatePolicy(compiled.run, profile, card), { result: 'complies' });
});
