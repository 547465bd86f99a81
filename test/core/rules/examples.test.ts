/**
 * Every rule unit's examples, run: each invalid example gets the rule's finding, no valid one does, and the base
 * documents the examples are laid over get no finding at all.
 */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { lintDocument } from '../../../server/src/core/lint';
import type { RuleDefinition, RuleExample } from '../../../server/src/core/rules/context';
import { EXAMPLE_CARD, EXAMPLE_CATALOG, EXAMPLE_LOCKFILE } from '../../../server/src/core/rules/examples';
import { LINT_RULES } from '../../../server/src/core/rules/index';

function documentOf(rule: RuleDefinition, example: RuleExample): { text: string; fileName: string } {
  const on = rule.meta.appliesTo.includes('card')
    ? 'card'
    : rule.meta.appliesTo.includes('catalog')
      ? 'catalog'
      : 'lockfile';
  const fileName = { card: 'agent-card.json', catalog: 'ai-catalog.json', lockfile: 'example.a2a-lock.json' }[on];
  if ('text' in example) return { text: example.text, fileName };
  const base = { card: EXAMPLE_CARD, catalog: EXAMPLE_CATALOG, lockfile: EXAMPLE_LOCKFILE }[on];
  return { text: JSON.stringify({ ...base, ...example.with }, null, 2), fileName };
}

function codesOf(rule: RuleDefinition, example: RuleExample): string[] {
  const { text, fileName } = documentOf(rule, example);
  return lintDocument(text, { fileName, settings: example.settings }).findings.map((f) => f.code);
}

test('the base documents of the examples get no finding', () => {
  for (const [fileName, base] of [
    ['agent-card.json', EXAMPLE_CARD],
    ['example.a2a-lock.json', EXAMPLE_LOCKFILE],
    ['ai-catalog.json', EXAMPLE_CATALOG],
  ] as const) {
    const findings = lintDocument(JSON.stringify(base, null, 2), { fileName }).findings;
    assert.deepEqual(
      findings.map((f) => `${f.code} ${f.pointer}`),
      [],
      fileName,
    );
  }
});

for (const rule of LINT_RULES) {
  const id = rule.meta.id;
  test(`${id}: its examples`, () => {
    assert.ok(rule.examples.invalid.length > 0, `${id} has an invalid example`);
    assert.ok(rule.examples.valid.length > 0, `${id} has a valid example`);
    rule.examples.invalid.forEach((example, i) =>
      assert.ok(codesOf(rule, example).includes(id), `${id}: invalid example ${i} gets no ${id} finding`),
    );
    rule.examples.valid.forEach((example, i) =>
      assert.ok(!codesOf(rule, example).includes(id), `${id}: valid example ${i} gets a ${id} finding`),
    );
  });
}
