/**
 * `npm run fuzz [-- --target core|cli|lsp|mcp|all] [--cases N] [--seconds T] [--seed S] [--case I]`
 *
 * A seeded, bounded fuzzer over the core, the CLI, the language server and the MCP server. First it replays every saved case in
 * test/fuzz/regressions/ (each must keep its property), then it runs generated cases until N cases or T seconds
 * per target. It prints one summary line per target; on failure, the seed, the case index, the property, and a
 * reproducer saved under a temporary directory (core reproducers are minimized), and it exits 1.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caseRng, minimize, saveCase, type SavedCase, type TargetName, type TargetSummary } from './campaign';
import { CLI, generateCliInput, runCliInput, type CliInput } from './cli';
import { generateCoreInput, type CoreInput } from './core';
import { generateLspInput, runLspInput, startFuzzSession, type LspInput } from './lsp';
import { generateMcpInput, runMcpInput, startMcpFuzzSession, type McpFuzzSession, type McpInput } from './mcp';
import type { Failure } from './properties';
import { loadSeeds } from './seeds';
import type { LspSession } from '../lsp/harness';
import { at, field } from '../at';

interface Options {
  targets: TargetName[];
  cases?: number;
  seconds?: number;
  seed: number;
  only?: number;
}

/** Per-case time: over `slowMs` a case is reported as slow (noise on a busy machine); over `hangMs` it fails. */
const BUDGET: Record<TargetName, { cases: number; slowMs: number; hangMs: number }> = {
  core: { cases: 400, slowMs: 2_000, hangMs: 30_000 },
  cli: { cases: 40, slowMs: 10_000, hangMs: 60_000 },
  lsp: { cases: 40, slowMs: 10_000, hangMs: 45_000 },
  mcp: { cases: 40, slowMs: 10_000, hangMs: 45_000 },
};
const REGRESSIONS = join(__dirname, 'regressions');
const MAX_REPRODUCERS = 10;

function usage(message: string): never {
  console.error(
    `fuzz: ${message}\nusage: npm run fuzz -- [--target core|cli|lsp|mcp|all] [--cases N] [--seconds T] [--seed S] [--case I]`,
  );
  process.exit(2);
}

function parseOptions(argv: string[]): Options {
  const o: Options = { targets: ['core', 'cli', 'lsp', 'mcp'], seed: Math.floor(Math.random() * 2 ** 31) };
  for (let i = 0; i < argv.length; i++) {
    const flag = at(argv, i);
    const value = argv[++i];
    const n = Number(value);
    if (value === undefined) usage(`${flag} needs a value`);
    if (flag === '--target') {
      if (value === 'all') o.targets = ['core', 'cli', 'lsp', 'mcp'];
      else if (value === 'core' || value === 'cli' || value === 'lsp' || value === 'mcp') o.targets = [value];
      else usage(`unknown target ${JSON.stringify(value)}`);
    } else if (!Number.isInteger(n) || n < 0) usage(`${flag} needs a non-negative integer`);
    else if (flag === '--cases') o.cases = n;
    else if (flag === '--seconds') o.seconds = n;
    else if (flag === '--seed') o.seed = n;
    else if (flag === '--case') o.only = n;
    else usage(`unknown option ${flag}`);
  }
  return o;
}

function regressionsFor(target: TargetName): { file: string; saved: SavedCase }[] {
  if (!existsSync(REGRESSIONS)) return [];
  return readdirSync(REGRESSIONS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, saved: JSON.parse(readFileSync(join(REGRESSIONS, file), 'utf8')) as SavedCase }))
    .filter((r) => r.saved.target === target);
}

/** A runner of one target: `run(index, input?)` runs generated case `index`, or a saved input. */
interface Runner<I> {
  run(index: number, saved?: I): Promise<{ ms: number; failures: Failure[]; input: I }>;
  documents(input: I): Record<string, string>;
  close(): Promise<void>;
}

/** Core cases run in a child process that the runner replaces when a case hangs. */
function coreRunner(seed: number, hangMs: number): Runner<CoreInput> {
  let child: ChildProcess | undefined;
  const spawnChild = () =>
    fork(join(__dirname, 'coreWorker.ts'), [], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  return {
    run(index, saved) {
      child ??= spawnChild();
      const c = child;
      return new Promise((resolve) => {
        let timer: NodeJS.Timeout;
        const arm = (ms: number) => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            c.off('message', onMessage);
            c.kill('SIGKILL');
            child = undefined;
            const input = saved ?? generateCoreInput(caseRng(seed, index));
            resolve({
              ms: hangMs,
              failures: [{ property: 'core ends every case in time', detail: `no answer within ${ms} ms (a hang)` }],
              input,
            });
          }, ms);
        };
        const onMessage = (m: { ran?: number; ms: number; failures?: Failure[]; input?: CoreInput }) => {
          if (m.ran !== undefined) return arm(60_000);
          clearTimeout(timer);
          c.off('message', onMessage);
          resolve({ ms: m.ms, failures: m.failures!, input: m.input! });
        };
        c.on('message', onMessage);
        arm(hangMs);
        c.send({ seed, index, input: saved, minimizeAttempts: 300 });
      });
    },
    documents: (input) =>
      input
        ? { [input.fileName]: input.text, ...(input.card !== undefined ? { 'agent-card.json': input.card } : {}) }
        : {},
    async close() {
      child?.kill();
    },
  };
}

function cliRunner(seed: number, scratch: string, hangMs: number): Runner<CliInput> {
  const dir = join(scratch, 'cli');
  return {
    async run(index, saved) {
      const input = saved ?? generateCliInput(caseRng(seed, index));
      const started = performance.now();
      const failures = await runCliInput(input, dir, hangMs);
      const ms = performance.now() - started;
      if (!failures.length || saved) return { ms, failures, input };
      // Shrink the mutated file while the first property still fails (each try is a process: a few dozen tries).
      const property = at(failures, 0).property;
      const text = await minimize(
        field(input.files, input.mutated),
        async (t) =>
          (await runCliInput({ ...input, files: { ...input.files, [input.mutated]: t } }, dir, hangMs)).some(
            (f) => f.property === property,
          ),
        40,
        30,
      );
      return { ms, failures, input: { ...input, files: { ...input.files, [input.mutated]: text } } };
    },
    documents: (input) => input.files,
    async close() {
      /* nothing kept */
    },
  };
}

function lspRunner(seed: number, scratch: string, hangMs: number): Runner<LspInput> {
  let session: LspSession | undefined;
  const workspace = join(scratch, 'lsp');
  return {
    async run(index, saved) {
      session ??= await startFuzzSession(workspace);
      const input = saved ?? generateLspInput(caseRng(seed, index));
      const started = performance.now();
      const { failures, broken } = await runLspInput(session, input, join(workspace, `case-${index}`), hangMs);
      if (broken) {
        const s = session;
        session = undefined;
        await s.stop().catch(() => undefined);
      }
      return { ms: performance.now() - started, failures, input };
    },
    documents: (input) => ({
      [input.fileName]: input.initial,
      ...(input.card !== undefined ? { 'agent-card.json': input.card } : {}),
    }),
    async close() {
      await session?.stop();
    },
  };
}

function mcpRunner(seed: number, scratch: string, hangMs: number): Runner<McpInput> {
  let session: McpFuzzSession | undefined;
  const workspace = join(scratch, 'mcp');
  return {
    async run(index, saved) {
      session ??= await startMcpFuzzSession(workspace);
      const input = saved ?? generateMcpInput(caseRng(seed, index));
      const started = performance.now();
      const { failures, broken } = await runMcpInput(session, input, `case-${index}`, hangMs);
      if (broken) {
        const s = session;
        session = undefined;
        await s.stop().catch(() => undefined);
      }
      return { ms: performance.now() - started, failures, input };
    },
    documents: (input) => input.files,
    async close() {
      await session?.stop();
    },
  };
}

async function campaign(target: TargetName, o: Options, out: string): Promise<TargetSummary> {
  const budget = BUDGET[target];
  const scratch = join(out, 'scratch');
  const runner: Runner<unknown> = (
    target === 'core'
      ? coreRunner(o.seed, budget.hangMs)
      : target === 'cli'
        ? cliRunner(o.seed, scratch, budget.hangMs)
        : target === 'lsp'
          ? lspRunner(o.seed, scratch, budget.hangMs)
          : mcpRunner(o.seed, scratch, budget.hangMs)
  ) as Runner<unknown>;
  const summary: TargetSummary = { target, cases: 0, seconds: 0, failures: 0, slow: [], reproducers: [] };
  const seen = new Set<string>();
  const started = Date.now();
  const report = (label: string, index: number | undefined, failures: Failure[], input: unknown, note?: string) => {
    summary.failures++;
    for (const f of failures) {
      const key = `${target}: ${f.property}`;
      const first = !seen.has(key);
      seen.add(key);
      let where = '';
      if (first && summary.reproducers.length < MAX_REPRODUCERS && input !== undefined) {
        const saved: SavedCase = {
          target,
          property: f.property,
          detail: f.detail,
          seed: o.seed,
          ...(index !== undefined ? { case: index } : {}),
          ...(note ? { note } : {}),
          input,
        };
        const file = saveCase(
          join(out, 'reproducers'),
          `${target}-${summary.reproducers.length + 1}`,
          saved,
          runner.documents(input),
        );
        summary.reproducers.push(file);
        where = `\n    reproducer: ${file}`;
      }
      if (first || label.startsWith('regression'))
        console.log(`  ✖ ${target} ${label}: ${f.property}\n    ${f.detail}${where}`);
    }
  };
  try {
    // Saved cases run under negative indexes (their own scratch folders).
    let replayed = 0;
    for (const { file, saved } of o.only === undefined ? regressionsFor(target) : []) {
      const r = await runner.run(-++replayed, saved.input);
      if (r.failures.length) report(`regression ${file}`, undefined, r.failures, saved.input, saved.note);
    }
    const cases = o.only !== undefined ? 1 : (o.cases ?? (o.seconds !== undefined ? Infinity : budget.cases));
    for (let i = 0; i < cases; i++) {
      if (o.seconds !== undefined && Date.now() - started > o.seconds * 1000) break;
      const index = o.only ?? i;
      const r = await runner.run(index);
      summary.cases++;
      if (r.ms > budget.slowMs) summary.slow.push({ index, ms: Math.round(r.ms) });
      if (r.failures.length) report(`case ${index} (seed ${o.seed})`, index, r.failures, r.input);
    }
  } finally {
    await runner.close();
    summary.seconds = (Date.now() - started) / 1000;
  }
  return summary;
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  if (o.targets.some((t) => t !== 'core') && !existsSync(CLI)) usage('server/dist is missing: run npm run build first');
  const out = mkdtempSync(join(tmpdir(), 'a2acap-fuzz-'));
  const { seeds } = loadSeeds();
  const corpus = seeds.filter((x) => x.origin.startsWith('corpus:')).length;
  // Generated cases depend on the seed documents: an extra corpus changes them (reproducers do not).
  console.log(
    `fuzz: seed ${o.seed}, ${seeds.length} seed documents${corpus ? ` (${corpus} from A2A_EXTRA_CORPUS)` : ''} (rerun one case: npm run fuzz -- --target T --seed ${o.seed} --case I)`,
  );
  let failed = false;
  for (const target of o.targets) {
    const s = await campaign(target, o, out);
    failed ||= s.failures > 0;
    const slow = s.slow.length
      ? `, slow: ${s.slow.length} (${s.slow
          .slice(0, 5)
          .map((x) => `case ${x.index} ${x.ms} ms`)
          .join(', ')})`
      : '';
    console.log(`fuzz ${target}: ${s.cases} cases, ${s.seconds.toFixed(1)} s, failures: ${s.failures}${slow}`);
  }
  rmSync(join(out, 'scratch'), { recursive: true, force: true });
  if (failed) {
    console.log(`fuzz: reproducers in ${out}`);
    process.exitCode = 1;
  } else rmSync(out, { recursive: true, force: true });
}

void main();
