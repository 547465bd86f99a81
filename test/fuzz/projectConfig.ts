/**
 * Hostile `.a2a/config.json` content from a repository: `ignore` entries (globs heavy with `**`, odd pointers,
 * impossible dates) and `policies` (deeply nested, huge, regex-using, comprehension-nesting CEL). Properties:
 * reading the configuration never throws and is quick; a policy that compiles runs on the case's card without
 * throwing and within its budget; an entry for a reader-protecting rule never suppresses without the override.
 */
import { readProjectConfig } from '../../server/src/core/config/projectConfig';
import { SuppressionRun } from '../../server/src/core/config/suppressions';
import { compilePolicyExpression } from '../../server/src/core/policy/compile';
import { evaluatePolicy } from '../../server/src/core/policy/evaluate';
import { chance, int, pick, type Rng } from './mutate';
import type { Failure } from './properties';

export interface ProjectCase {
  config: unknown;
  expression: string;
}

const READ_MS = 500;
const EVALUATE_MS = 3_000;

const EXPRESSIONS: ((rng: Rng) => string)[] = [
  (rng) => `${'('.repeat(int(rng, 300))}true${')'.repeat(int(rng, 300))}`,
  (rng) => `"${'a'.repeat(int(rng, 5000))}".size() > 0`,
  (rng) => `card.name.matches("${'(a+)+'.repeat(1 + int(rng, 4))}$")`,
  (rng) => {
    const depth = 1 + int(rng, 5);
    let e = 'true';
    for (let i = depth; i > 0; i--) e = `card.skills.all(v${i}, ${e})`;
    return e;
  },
  (rng) => Array.from({ length: 1 + int(rng, 600) }, () => 'card.description').join(' + ') + ' != ""',
  () => 'profile.skills.all(id, profile.skills[id].input.exists(m, m.startsWith("application/x-")))',
  () => 'card.skills.map(s, card.description + card.description).exists(t, t.size() == 0)',
  (rng) => pick(rng, ['profile.streaming', 'card.x.y.z', '1', '[1, 2]', '{"a": 1}', 'null']),
];

const GLOBS = ['**/**/**/**/**/x', '{a,{b,{c,d}}}/**', '*'.repeat(200), '**/agent-card.json', '[', '\\'];

export function projectCase(rng: Rng): ProjectCase {
  const expression = pick(rng, EXPRESSIONS)(rng);
  const ignore = Array.from({ length: int(rng, 4) }, () => ({
    rule: pick(rng, ['spoofed-name', 'secrets-in-card', 'unknown-field', 'no-such-rule', '']),
    reason: pick(rng, ['ok', '', '\u202e']),
    ...(chance(rng, 0.6) ? { file: pick(rng, GLOBS) } : {}),
    ...(chance(rng, 0.5) ? { pointer: pick(rng, ['', '/', '/~2', '/skills/0', '~']) } : {}),
    ...(chance(rng, 0.3) ? { until: pick(rng, ['2026-02-30', '2999-12-31', '1-1-1', '2000-01-01']) } : {}),
  }));
  return { expression, config: { ignore, policies: [{ id: 'fuzz', severity: 'error', message: 'm', expression }] } };
}

export function projectCaseFailures(c: ProjectCase, card: unknown): Failure[] {
  const failures: Failure[] = [];
  let start = performance.now();
  try {
    readProjectConfig(c.config);
  } catch (err) {
    failures.push({ property: 'project config: read throws', detail: String(err).slice(0, 200) });
  }
  if (performance.now() - start > READ_MS)
    failures.push({ property: 'project config: read is slow', detail: c.expression.slice(0, 80) });
  const compiled = compilePolicyExpression(c.expression);
  if (compiled.ok) {
    start = performance.now();
    try {
      evaluatePolicy(compiled.run, {}, card);
    } catch (err) {
      failures.push({ property: 'policy: evaluation throws', detail: String(err).slice(0, 200) });
    }
    if (performance.now() - start > EVALUATE_MS)
      failures.push({ property: 'policy: evaluation unbounded', detail: c.expression.slice(0, 80) });
  }
  const run = new SuppressionRun([{ rule: 'spoofed-name', reason: 'fork' }], {
    today: '2026-01-01',
    allowProtected: false,
    configName: 'c',
  });
  if (run.decide('x.json', [{ code: 'spoofed-name', pointer: '/name', message: 'm' }]).suppressed.length)
    failures.push({ property: 'ignore: a reader-protecting rule was suppressed', detail: 'spoofed-name' });
  return failures;
}
