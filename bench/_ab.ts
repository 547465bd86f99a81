/**
 * One build's in-process lint at one size, for A/B runs of two trees: JSON.parse, the floor (parse + ajv),
 * lintDocument and lint + compile, CPU time of this process, gc before each sample, contenders rotated each round.
 * Run it for each tree in alternation (each process loads one tree's bundled code):
 *   ROOT=/path/to/tree SIZE=3145728 node --expose-gc --import tsx bench/_ab.ts
 */
const root = process.env.ROOT ?? `${__dirname}/..`;
const size = Number(process.env.SIZE ?? 3 * 1024 * 1024);
const runs = Number(process.env.RUNS ?? 25);

async function main(): Promise<void> {
  const { syntheticCard } = (await import(`${root}/bench/lint.bench.ts`)) as typeof import('./lint.bench');
  const { loadShipped } = (await import(`${root}/bench/shipped.ts`)) as typeof import('./shipped');
  type Core = typeof import('../server/src/core/lint') &
    typeof import('../server/src/core/profile/compile') &
    typeof import('../server/src/core/schema/generated/validators');
  const { lintDocument, compileProfile, validateAgentCard } = loadShipped<Core>([
    'server/src/core/lint',
    'server/src/core/profile/compile',
    'server/src/core/schema/generated/validators',
  ]);
  const text = syntheticCard(size);
  const settings = { maxCardBytes: 1 << 30 };
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  const contenders: Record<string, () => unknown> = {
    parse: () => JSON.parse(text),
    floor: () => {
      const value: unknown = JSON.parse(text);
      return [value, validateAgentCard(value)];
    },
    lint: () => lintDocument(text, { settings }),
    lintCompile: () => {
      const linted = lintDocument(text, { settings });
      return [linted, compileProfile(linted.value)];
    },
  };
  const names = Object.keys(contenders);
  // Each contender's last result stays alive, as a server keeps its last parse (see timeInterleaved in lint.bench.ts).
  const previous: Record<string, unknown> = {};
  const samples: Record<string, number[]> = {};
  for (const n of names) previous[n] = contenders[n]!();
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  for (let r = 0; r < runs; r++)
    for (let j = 0; j < names.length; j++) {
      const n = names[(r + j) % names.length]!;
      gc();
      const t = cpu();
      previous[n] = contenders[n]!();
      (samples[n] ??= []).push(cpu() - t);
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const m = Object.fromEntries(names.map((n) => [n, median(samples[n]!)])) as Record<string, number>;
  console.log(
    `${root}: ${names.map((n) => `${n} ${m[n]!.toFixed(2)} ms`).join(', ')}; lint/floor ${(m.lint! / m.floor!).toFixed(2)}x, lint+compile/floor ${(m.lintCompile! / m.floor!).toFixed(2)}x`,
  );
}

void main();
