import { loadShipped } from './shipped';
import { syntheticCard } from './lint.bench';
type Core = typeof import('../server/src/core/rules/index') &
  typeof import('../server/src/core/rules/skillWalk') &
  typeof import('../server/src/core/lint') &
  typeof import('../server/src/core/profile/compile') &
  typeof import('../server/src/core/schema/validate');
const { RULE_IMPLEMENTATIONS, SKILL_CHECKS, runSkillChecks, resolveSettings, compileProfile, validateValue } =
  loadShipped<Core>([
    'server/src/core/rules/index',
    'server/src/core/rules/skillWalk',
    'server/src/core/lint',
    'server/src/core/profile/compile',
    'server/src/core/schema/validate',
  ]);
const text = syntheticCard(3_000_000);
const value = JSON.parse(text);
const settings = resolveSettings({ maxCardBytes: 1e9 });
const ctx = { value, kind: 'card' as const, settings, text };
const times: Record<string, number[]> = {};
const keep: unknown[] = [];
for (let r = 0; r < 40; r++) {
  for (const [id, rule] of Object.entries(RULE_IMPLEMENTATIONS)) {
    const t = performance.now();
    keep[0] = rule(ctx);
    (times[id] ??= []).push(performance.now() - t);
  }
  // The rules with a per-skill check, as lint runs them: one shared walk (their lines above time each alone). On a
  // collected heap: without it the garbage of the rules before lands in this one sample (3-4x its time).
  (globalThis as { gc?: () => void }).gc?.();
  let t = performance.now();
  const checks = Object.values(SKILL_CHECKS);
  keep[4] = runSkillChecks(
    value,
    checks,
    checks.map(() => ctx),
  );
  (times['(shared skill walk: ' + checks.length + ' rules)'] ??= []).push(performance.now() - t);
  t = performance.now();
  keep[1] = compileProfile(value);
  (times.compile ??= []).push(performance.now() - t);
  t = performance.now();
  const profile = compileProfile(value);
  let n = 0;
  for (const id in profile.provenance?.skills ?? {}) n += profile.provenance!.skills[id]!.pointer.length;
  keep[5] = [profile, n];
  (times['compile + every provenance read'] ??= []).push(performance.now() - t);
  t = performance.now();
  keep[2] = validateValue(value, 'card');
  (times.ajv ??= []).push(performance.now() - t);
  t = performance.now();
  keep[3] = JSON.parse(text);
  (times.parse ??= []).push(performance.now() - t);
}
const med = (x: number[]) => [...x].sort((a, b) => a - b)[x.length >> 1]!;
for (const [id, xs] of Object.entries(times).sort((a, b) => med(b[1]) - med(a[1])))
  console.log(med(xs.slice(10)).toFixed(3).padStart(7), id);
