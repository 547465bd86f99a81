/**
 * The benches in quick mode: every bench runs (so none can rot) and its same-run ratios stay within 1.5x of their
 * targets (bench/targets.json), so a regression like a 3x slower lint cannot land unnoticed. Ratios, not times:
 * each is measured against a yardstick in the same run, interleaved, so a loaded machine moves both sides. A bench
 * past its bound is run once more before the test fails (one unlucky run on a shared machine is not a regression).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

interface Target {
  target: number;
  better: 'lower' | 'higher';
}

const SLACK = 1.5;
const root = join(__dirname, '../..');
const targets = JSON.parse(readFileSync(join(root, 'bench/targets.json'), 'utf8')) as Record<
  string,
  Record<string, Target> | string
>;

/** What is wrong with `measured` against `expected`, one line per ratio past its bound. */
function problems(bench: string, measured: Record<string, number>, expected: Record<string, Target>): string[] {
  const out: string[] = [];
  for (const [name, t] of Object.entries(expected)) {
    const value = measured[name];
    if (value === undefined || !Number.isFinite(value)) {
      out.push(`${bench}: the quick mode gave no ratio "${name}"`);
      continue;
    }
    const past = t.better === 'lower' ? value > t.target * SLACK : value < t.target / SLACK;
    if (past)
      out.push(
        `${bench}: "${name}" is ${value.toFixed(2)}x, target ${t.target}x (${t.better} is better; the bound is ${(t.better === 'lower' ? t.target * SLACK : t.target / SLACK).toFixed(2)}x)`,
      );
  }
  for (const name of Object.keys(measured))
    if (!(name in expected)) out.push(`${bench}: the ratio "${name}" has no target in bench/targets.json`);
  return out;
}

for (const [bench, expected] of Object.entries(targets)) {
  if (typeof expected === 'string') continue; // the file's comment
  test(`bench ${bench} (quick mode): every ratio within ${SLACK}x of its target`, { timeout: 180_000 }, async () => {
    const mod = (await import(join(root, 'bench', `${bench}.bench.ts`))) as {
      quick?: () => Promise<Record<string, number>>;
    };
    assert.equal(typeof mod.quick, 'function', `bench/${bench}.bench.ts exports no quick()`);
    let found: string[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const measured = await mod.quick!();
      found = problems(bench, measured, expected);
      console.log(`${bench}${attempt ? ' (retry)' : ''}: ${JSON.stringify(measured)}`);
      if (found.length === 0) return;
    }
    assert.fail(found.join('\n'));
  });
}

test('every bench has targets for its quick mode', async () => {
  const { readdirSync } = await import('node:fs');
  const benches = readdirSync(join(root, 'bench'))
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.replace(/\.bench\.ts$/, ''))
    .sort();
  assert.deepEqual(
    benches,
    Object.keys(targets)
      .filter((k) => typeof targets[k] !== 'string')
      .sort(),
  );
});
