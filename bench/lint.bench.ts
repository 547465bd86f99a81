/**
 * Lint (and compile) cost against the floor, on synthetic cards of ~10 KB, 500 KB, 3 MB and 10 MB.
 *
 *   JSON.parse        parse alone
 *   floor             JSON.parse + the precompiled ajv validator (the least any schema check can cost)
 *   parseTree         jsonc-parser syntax tree alone (what building ranges for every node would cost)
 *   lintDocument      ours: parse, schema, every rule (ranges are made only for findings, at the edge)
 *   lint + compile    ours plus compileProfile (the CLI's compile; the editor compiles on the first hover or view after a change); the skills' provenance
 *                     is built on its first read, so this row does not build it
 *   + provenance      lint + compile and a read of every skill's provenance (what `a2acap compile --format json` builds)
 *   json-languageservice  vscode-json-languageservice parse + validate against our schema (plain JSON schema support)
 *
 * Then the CLI as a whole process (`a2acap lint`) against a process that loads ajv, compiles the schema and
 * validates (the 1.5x target). Medians of repeated runs; run with `npm run bench` or on its own:
 * `node --expose-gc --import tsx bench/lint.bench.ts`. The code measured is bundled as it ships (shipped.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseTree } from 'jsonc-parser';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadShipped } from './shipped';

type Core = typeof import('../server/src/core/lint') &
  typeof import('../server/src/core/profile/compile') &
  typeof import('../server/src/core/schema/generated/validators');
const { lintDocument, compileProfile, validateAgentCard } = loadShipped<Core>([
  'server/src/core/lint',
  'server/src/core/profile/compile',
  'server/src/core/schema/generated/validators',
]);

const root = join(__dirname, '..');
const schemaPath = join(root, 'schemas/agent-card-1.0.schema.json');
const UNLIMITED = { maxCardBytes: 1024 * 1024 * 1024 };

/** A realistic card grown to about `bytes` by adding skills (each ~500 bytes, with modes, security and examples). */
export function syntheticCard(bytes: number): string {
  const card = {
    name: 'Bench Agent',
    description: 'A synthetic card for benchmarks.',
    version: '1.0.0',
    supportedInterfaces: [
      { url: 'https://bench.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://bench.example.com/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    provider: { organization: 'Bench', url: 'https://example.com' },
    capabilities: { streaming: true, pushNotifications: false, extensions: [{ uri: 'https://example.com/ext/v1' }] },
    securitySchemes: {
      oauth: {
        oauth2SecurityScheme: {
          flows: {
            clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read', write: 'Write' } },
          },
        },
      },
    },
    securityRequirements: [{ schemes: { oauth: { list: ['read'] } } }],
    defaultInputModes: ['application/json', 'text/plain'],
    defaultOutputModes: ['application/json'],
    skills: [] as unknown[],
  };
  const base = JSON.stringify(card, null, 2).length;
  const skill = (i: number) => ({
    id: `skill-${i}`,
    name: `Skill ${i}`,
    description: `Skill number ${i}: a description of a realistic length for a skill in a card.`,
    tags: ['bench', `t${i % 50}`],
    examples: [`Do thing ${i}`, `Do another thing ${i}`],
    inputModes: ['application/json', 'text/plain'],
    outputModes: ['application/json'],
    securityRequirements: [{ schemes: { oauth: { list: i % 2 ? ['read'] : ['read', 'write'] } } }],
  });
  // Estimate the skill count from one skill, then correct once from the real size (indentation adds up).
  let count = Math.max(1, Math.round((bytes - base) / JSON.stringify(skill(0), null, 2).length));
  card.skills = Array.from({ length: count }, (_, i) => skill(i));
  const size = JSON.stringify(card, null, 2).length;
  count = Math.max(1, Math.round((count * (bytes - base)) / Math.max(1, size - base)));
  card.skills = Array.from({ length: count }, (_, i) => skill(i));
  return JSON.stringify(card, null, 2);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

/**
 * With `--expose-gc` (as `npm run bench` runs) every sample starts on a collected heap, so a contender pays for
 * the garbage it makes, not for what the previous one left (a 10 MB jsonc tree is a lot); otherwise a no-op.
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Lets collectGarbage work in a process started without --expose-gc (the quick mode runs inside the test suite). */
export function exposeGc(): void {
  if ((globalThis as { gc?: unknown }).gc) return;
  setFlagsFromString('--expose-gc');
  (globalThis as { gc?: unknown }).gc = runInNewContext('gc');
}

/**
 * Medians of `runs` rounds; in each round every contender runs once, in rotating order, so that garbage left by
 * one contender (a 10 MB parse leaves a lot) is collected evenly across all of them rather than billed to whoever
 * happens to run next.
 *
 * Each contender's previous result stays alive until its next sample, as a language server keeps the last parse
 * of an open document. Without that, the forced full GC before every sample frees every object of the card's
 * hidden classes, and V8 throws away all optimized code that embeds them ("weak objects" deoptimization): every
 * sample would then run in the interpreter, a state no real server or CLI run is ever in. It applies to every
 * contender alike (the floor's validator is optimized code too).
 */
/** Wall time, or the CPU time of this process (quick mode: on a loaded machine, time spent descheduled is not the code's). */
export type Clock = () => number;
const wallClock: Clock = () => performance.now();
export const cpuClock: Clock = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function timeInterleaved<K extends string>(
  runs: number,
  contenders: Record<K, () => unknown>,
  clock: Clock = wallClock,
): Promise<Record<K, number>> {
  const all = (Object.entries(contenders) as [K, () => unknown][]).map(([name, run]) => ({
    name,
    run,
    samples: [] as number[],
    previous: undefined as unknown,
  }));
  for (const c of all) c.previous = await c.run(); // warm-up (JIT, caches)
  for (let r = 0; r < runs; r++) {
    for (let j = 0; j < all.length; j++) {
      const c = all[(r + j) % all.length];
      if (!c) continue;
      collectGarbage();
      const t = clock();
      const result = await c.run();
      c.samples.push(clock() - t);
      c.previous = result;
    }
  }
  return Object.fromEntries(all.map((c) => [c.name, median(c.samples)])) as Record<K, number>;
}

function fmt(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

async function inProcess(): Promise<string> {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
  const service = getLanguageService({});
  service.configure({
    validate: true,
    schemas: [{ uri: 'https://bench.example.com/agent-card.schema.json', fileMatch: ['*.json'], schema }],
  });
  const rows: string[] = [
    '| card | JSON.parse | floor (parse + ajv) | parseTree | lintDocument | × floor | lint + compile | × floor | + provenance | × floor | json-languageservice | × floor |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [target, runs] of [
    [10 * 1024, 200],
    [500 * 1024, 31],
    [3 * 1024 * 1024, 15],
    [10 * 1024 * 1024, 7],
  ] as const) {
    const text = syntheticCard(target);
    const validateWithLanguageService = () => {
      const doc = TextDocument.create('file:///bench/agent-card.json', 'json', 1, text);
      return service.doValidation(doc, service.parseJSONDocument(doc));
    };
    const t = await timeInterleaved(runs, {
      parse: () => JSON.parse(text),
      floor: () => {
        const value = JSON.parse(text);
        return [value, validateAgentCard(value)];
      },
      lint: () => lintDocument(text, { settings: UNLIMITED }),
      lintCompile: () => {
        const linted = lintDocument(text, { settings: UNLIMITED });
        return [linted, compileProfile(linted.value)];
      },
      provenance: () => {
        const linted = lintDocument(text, { settings: UNLIMITED });
        const profile = compileProfile(linted.value);
        return [linted, profile, readEveryProvenance(profile)];
      },
    });
    // parseTree and the language service allocate far more than the rest: measured on their own, so their garbage
    // is not billed to the contenders above.
    const tree = (await timeInterleaved(runs, { tree: () => parseTree(text) })).tree;
    const ls = (await timeInterleaved(Math.max(3, Math.ceil(runs / 3)), { ls: validateWithLanguageService })).ls;
    const { parse, floor, lint, lintCompile, provenance } = t;
    rows.push(
      `| ${kb(text.length)} | ${fmt(parse)} ms | ${fmt(floor)} ms | ${fmt(tree)} ms | ${fmt(lint)} ms | ${(lint / floor).toFixed(2)}x | ${fmt(lintCompile)} ms | ${(lintCompile / floor).toFixed(2)}x | ${fmt(provenance)} ms | ${(provenance / floor).toFixed(2)}x | ${fmt(ls)} ms | ${(ls / floor).toFixed(1)}x |`,
    );
  }
  return rows.join('\n');
}

/** Reads every skill's provenance, as the CLI's compile output does (it is built on the first read). */
function readEveryProvenance(profile: ReturnType<typeof compileProfile>): number {
  const skills = profile.provenance?.skills ?? {};
  let n = 0;
  for (const id in skills) n += skills[id]?.pointer.length ?? 0;
  return n;
}

/** `a2acap lint --format json` over the ajv process on one card: median of `runs` interleaved pairs (wall time). */
function processRatio(bytes: number, runs: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-bench-'));
  try {
    const { baseline, cli } = processContenders(dir);
    const file = join(dir, 'agent-card.json');
    writeFileSync(file, syntheticCard(bytes));
    const ratios: number[] = [];
    spawnMs([baseline, file]);
    spawnMs([cli, 'lint', file, '--format', 'json']);
    for (let i = 0; i < runs; i++) {
      const base = spawnMs([baseline, file]);
      ratios.push(
        spawnMs([cli, 'lint', file, '--format', 'json', '--max-card-bytes', String(UNLIMITED.maxCardBytes)]) / base,
      );
    }
    return median(ratios);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function spawnMs(args: string[]): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return performance.now() - t;
}

/** The ajv baseline script (written into `dir`) and the bundled CLI. */
function processContenders(dir: string): { baseline: string; cli: string } {
  const baseline = join(dir, 'baseline.cjs');
  writeFileSync(
    baseline,
    [
      `const Ajv2020 = require(${JSON.stringify(require.resolve('ajv/dist/2020'))});`,
      `const fs = require('fs');`,
      `const ajv = new Ajv2020({ allErrors: true, strict: false });`,
      `const validate = ajv.compile(JSON.parse(fs.readFileSync(${JSON.stringify(schemaPath)}, 'utf8')));`,
      `const ok = validate(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')));`,
      `process.stdout.write(JSON.stringify({ ok, errors: validate.errors }));`,
    ].join('\n'),
  );
  return { baseline, cli: join(root, 'server/dist/cli.js') };
}

/** Whole processes, spawned repeatedly like hyperfine; medians of wall time. */
function processes(): string {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-bench-'));
  try {
    const { baseline, cli } = processContenders(dir);
    const rows = [
      '| card | ajv process (load, compile schema, validate) | `a2acap lint --format json` | × baseline |',
      '|---|---|---|---|',
    ];
    for (const [target, runs] of [
      [10 * 1024, 15],
      [3 * 1024 * 1024, 7],
    ] as const) {
      const file = join(dir, `card-${target}.json`);
      writeFileSync(file, syntheticCard(target));
      const base: number[] = [];
      const ours: number[] = [];
      spawnMs([baseline, file]);
      spawnMs([cli, 'lint', file, '--format', 'json', '--max-card-bytes', String(UNLIMITED.maxCardBytes)]);
      for (let i = 0; i < runs; i++) {
        base.push(spawnMs([baseline, file]));
        ours.push(spawnMs([cli, 'lint', file, '--format', 'json', '--max-card-bytes', String(UNLIMITED.maxCardBytes)]));
      }
      rows.push(
        `| ${kb(target)} | ${fmt(median(base))} ms | ${fmt(median(ours))} ms | ${(median(ours) / median(base)).toFixed(2)}x |`,
      );
    }
    return rows.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Quick mode for the test suite (test/bench/quick.test.ts): the same-run ratios the targets in bench/targets.json
 * bound, from a small and a medium card and a few samples, interleaved, in CPU time. Seconds, not minutes.
 */
export async function quick(): Promise<Record<string, number>> {
  exposeGc();
  const out: Record<string, number> = {};
  for (const [label, bytes, runs] of [
    ['10KB', 10 * 1024, 15],
    ['500KB', 500 * 1024, 15],
  ] as const) {
    const text = syntheticCard(bytes);
    // A small card's lint takes well under a millisecond: each sample repeats it, for the CPU clock's resolution.
    const repeat = bytes < 100 * 1024 ? 20 : 1;
    const repeated = (f: () => unknown) => () => {
      let result: unknown;
      for (let i = 0; i < repeat; i++) result = f();
      return result;
    };
    const t = await timeInterleaved(
      runs,
      {
        floor: repeated(() => {
          const value = JSON.parse(text);
          return [value, validateAgentCard(value)];
        }),
        lint: repeated(() => lintDocument(text, { settings: UNLIMITED })),
        lintCompile: repeated(() => {
          const linted = lintDocument(text, { settings: UNLIMITED });
          return [linted, compileProfile(linted.value)];
        }),
      },
      cpuClock,
    );
    out[`lintDocument/floor ${label}`] = t.lint / t.floor;
    out[`lint+compile/floor ${label}`] = t.lintCompile / t.floor;
  }
  out['a2acap lint/ajv process 10KB'] = processRatio(10 * 1024, 7);
  out['library lint()/CLI lint, 20,000 unknown members'] = await libraryRatio(20_000, 7);
  return out;
}

type Front = typeof import('../server/src/api/index') &
  typeof import('../server/src/app/lint') &
  typeof import('../server/src/app/settings') &
  typeof import('../server/src/app/world');

/**
 * The library's lint() against the CLI's lint of the same card (the app workflow `a2acap lint` runs, in process),
 * on a card with `members` unknown members: both locate the findings once per document, so the library stays
 * within a small factor of the CLI (it once took a fresh scan per finding: 6.0 s against 0.68 s).
 */
async function libraryRatio(members: number, runs: number): Promise<number> {
  const { lint, lintFile, nodeFiles, resolveSettings } = loadShipped<Front>([
    'server/src/api/index',
    'server/src/app/lint',
    'server/src/app/settings',
    'server/src/app/world',
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-bench-'));
  try {
    const card = JSON.parse(syntheticCard(10 * 1024)) as Record<string, unknown>;
    for (let i = 0; i < members; i++) card[`unknownMember${i}`] = i;
    const text = JSON.stringify(card, null, 2);
    const file = join(dir, 'agent-card.json');
    writeFileSync(file, text);
    const settings = resolveSettings({ maxCardBytes: UNLIMITED.maxCardBytes });
    const t = await timeInterleaved(
      runs,
      {
        library: () => lint(text, { fileName: 'agent-card.json', maxCardBytes: UNLIMITED.maxCardBytes }),
        cli: () => lintFile(nodeFiles, 'agent-card.json', file, settings),
      },
      wallClock,
    );
    return t.library / t.cli;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<string> {
  const tables = [
    `### Lint and compile\n\nIn one process (medians; × floor = time / (JSON.parse + precompiled ajv validate)). Target (issue): lint + compile ≤ 1.5x the floor on 3 MB, not met: bench/README.md, "What 1.5x at 3 MB would take". The code measured is bundled as it ships.\n\n${await inProcess()}`,
  ];
  tables.push(`As whole processes (medians of repeated spawns). Target: ≤ 1.5x.\n\n${processes()}`);
  return tables.join('\n\n');
}

if (require.main === module) {
  run().then(
    (t) => console.log(t),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
