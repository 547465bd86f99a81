import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { MAX_FINDINGS_PER_DOCUMENT, MAX_FINDINGS_PER_RULE, RuleBudget } from '../../server/src/core/findingCap';
import { lintDocument, resolveSettings } from '../../server/src/core/lint';
import { LINT_RULES } from '../../server/src/core/rules/index';
import type { Finding } from '../../server/src/core/types';
import { emptySkillsCard, EMPTY_SKILLS_UNDER_1MIB, faultySkillsCard, unknownMembersCard } from '../wideCard';

function leftOutOf(findings: Finding[]): Record<string, number> | undefined {
  const summary = findings.filter((f) => f.code === 'findings-left-out');
  assert.ok(summary.length <= 1, 'one summary at most');
  return summary[0]?.data?.leftOut as Record<string, number> | undefined;
}

function countByCode(findings: Finding[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  return counts;
}

test('a card of 340,000 empty skills: 100 schema errors and one summary of the 1,359,900 left out', () => {
  const text = emptySkillsCard(EMPTY_SKILLS_UNDER_1MIB);
  const started = performance.now();
  const { findings } = lintDocument(text);
  const ms = performance.now() - started;
  assert.equal(countByCode(findings).get('schema'), MAX_FINDINGS_PER_RULE);
  assert.deepEqual(leftOutOf(findings), { schema: 4 * EMPTY_SKILLS_UNDER_1MIB - MAX_FINDINGS_PER_RULE });
  const summary = findings.find((f) => f.code === 'findings-left-out')!;
  assert.equal(summary.pointer, '');
  assert.match(summary.message, /^Up to 1359900 more findings were left out \(schema 1359900\)/);
  // Generous (a shared machine): unbounded, this was over 30 s.
  assert.ok(ms < 20_000, `${Math.round(ms)} ms`);
});

test('each rule stops at its cap and counts the rest; the document keeps errors first', () => {
  const { findings } = lintDocument(faultySkillsCard(3000));
  const counts = countByCode(findings);
  assert.ok(findings.length <= MAX_FINDINGS_PER_DOCUMENT);
  for (const [code, n] of counts) assert.ok(n <= MAX_FINDINGS_PER_RULE, `${code}: ${n}`);
  const leftOut = leftOutOf(findings)!;
  assert.equal(counts.get('duplicate-skill-id')! + leftOut['duplicate-skill-id']!, 2999);
  assert.equal(counts.get('empty-skill-tags')! + leftOut['empty-skill-tags']!, 3000);
  assert.equal(counts.get('invalid-media-type')! + leftOut['invalid-media-type']!, 3000);
  assert.equal(counts.get('skill-description-length')! + leftOut['skill-description-length']!, 3000);
});

test('past the document cap, errors are kept before warnings and hints', () => {
  // 50 unknown members (warnings) and 3000 faulty skills (errors, infos and hints): the cap of 20 keeps errors.
  const { findings } = lintDocument(
    faultySkillsCard(3000).replace('"skills":', unknownMembersFragment(50) + ',"skills":'),
    {
      caps: { perRule: 10, perDocument: 20 },
    },
  );
  assert.equal(findings.length, 20);
  const kept = findings.filter((f) => f.code !== 'findings-left-out');
  assert.ok(
    kept.every((f) => f.severity === 'error'),
    kept.map((f) => `${f.code}:${f.severity}`).join(' '),
  );
  const leftOut = leftOutOf(findings)!;
  assert.equal(leftOut['unknown-field'], 50);
});

test('card-too-large and a schema error survive any number of other findings', () => {
  const tooLarge = lintDocument(unknownMembersCard(10), { settings: { maxCardBytes: 100 } });
  assert.deepEqual(
    tooLarge.findings.map((f) => f.code),
    ['card-too-large'],
  );
  const text = unknownMembersCard(5000).replace('"name":"Wide",', '');
  const { findings } = lintDocument(text);
  assert.ok(findings.some((f) => f.code === 'schema' && f.message.includes('"name"')));
  assert.equal(leftOutOf(findings)!['unknown-field'], 5000 - MAX_FINDINGS_PER_RULE);
});

test('the summary follows severity settings like any finding', () => {
  const text = unknownMembersCard(500);
  const off = lintDocument(text, { settings: { severities: { 'findings-left-out': 'off' } } });
  assert.equal(leftOutOf(off.findings), undefined);
  const error = lintDocument(text, { settings: { severities: { 'findings-left-out': 'error' } } });
  assert.equal(error.findings.find((f) => f.code === 'findings-left-out')!.severity, 'error');
});

test('under the caps nothing is left out and there is no summary', () => {
  const { findings } = lintDocument(unknownMembersCard(MAX_FINDINGS_PER_RULE));
  assert.equal(countByCode(findings).get('unknown-field'), MAX_FINDINGS_PER_RULE);
  assert.equal(leftOutOf(findings), undefined);
});

const RULES_THAT_COUNT = [
  'duplicate-skill-id',
  'empty-skill-tags',
  'invalid-media-type',
  'skill-description-length',
  'skill-mode-narrows-default',
  'unknown-field',
];

test('a rule given a budget makes no more findings than the budget, whatever the card', () => {
  const value: unknown = JSON.parse(
    faultySkillsCard(500).replace('"skills":', unknownMembersFragment(500) + ',"skills":'),
  );
  const settings = resolveSettings();
  for (const { meta, check } of LINT_RULES) {
    if (!meta.appliesTo.includes('card')) continue;
    const budget = new RuleBudget(5);
    const made = check({ value, kind: 'card', settings, budget });
    // A rule that does not ask its budget is capped by lint afterwards; the per-item rules all ask.
    if (RULES_THAT_COUNT.includes(meta.id)) assert.ok(budget.leftOut >= 494, `${meta.id} counted the rest`);
    if (budget.leftOut > 0) assert.equal(made.length, 5, meta.id);
  }
});

function unknownMembersFragment(count: number): string {
  return Array.from({ length: count }, (_, i) => `"x${i}":0`).join(',');
}
