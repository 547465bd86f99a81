/**
 * The CLI target: the built `server/dist/cli.js` on mutated files in a scratch directory (lint, compile,
 * check --card, pin, update against a local card: nothing leaves the machine). Properties: exit code 0, 1 or 2 (no
 * signal, no hang), no stack trace on stderr, valid JSON on stdout for exit 0/1 with --format json|sarif, and no raw
 * control, bidi or invisible character in that JSON; --format github prints annotations and the summary line only
 * (test/fuzz/workflowCommands.ts); a lockfile just pinned checks compatible against its card.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chance, mutate, pick, type Rng } from './mutate';
import { forbiddenCharacter, stackTrace, visible, type Failure } from './properties';
import { loadSeeds, ROOT, type Seed } from './seeds';
import { workflowCommandFailures } from './workflowCommands';
import { discoverCliInput, discoverFailures } from './catalogDiscover';
import { catalogPathCliInput, catalogPathFailures, type CatalogPathCase } from './catalogPaths';
import { catalogPinCliInput, catalogPinFailures, type CatalogPinCase } from './catalogPins';
import { at } from '../at';

export const CLI = join(ROOT, 'server', 'dist', 'cli.js');

export interface CliInput {
  /** Files written into the scratch directory before the run. */
  files: Record<string, string>;
  argv: string[];
  /** The file the mutations touched (the one a minimizer shrinks). */
  mutated: string;
  ops: string[];
  origin: string;
  /** A lockfile pinned from a catalog file at a generated path (catalogPaths.ts). */
  catalogPath?: CatalogPathCase;
  /** A pin from an entry of a catalog file at a generated path (catalogPins.ts). */
  catalogPin?: CatalogPinCase;
}

/** The lockfile seed with its agent pointing at the card beside it, so update and check stay offline. */
function localLock(text: string): string {
  try {
    const lock = JSON.parse(text) as Record<string, unknown>;
    if (lock && typeof lock === 'object' && !Array.isArray(lock))
      return JSON.stringify({ ...lock, agent: 'agent-card.json' }, null, 2);
  } catch {
    // Not JSON: used as it is.
  }
  return text;
}

function firstSkillId(card: string): string {
  try {
    const skills = (JSON.parse(card) as { skills?: { id?: unknown }[] }).skills;
    const id = Array.isArray(skills) ? skills[0]?.id : undefined;
    return typeof id === 'string' && id ? id : 'x';
  } catch {
    return 'x';
  }
}

export function generateCliInput(rng: Rng): CliInput {
  const { seeds, pairs } = loadSeeds();
  const cards = seeds.filter((s) => s.kind === 'card');
  if (chance(rng, 0.04)) return catalogPathCliInput(rng);
  if (chance(rng, 0.02)) return catalogPinCliInput(rng);
  const command = pick(rng, ['lint', 'lint', 'compile', 'check', 'check', 'pin', 'update', 'discover'] as const);
  if (command === 'discover') return discoverCliInput(rng);
  if (command === 'lint') {
    const m = mutate(rng, pick(rng, seeds), seeds);
    const name = m.kind === 'lockfile' ? 'a2a-lock.json' : 'agent-card.json';
    return {
      files: { [name]: m.text },
      argv: ['lint', name, '--format', pick(rng, ['json', 'json', 'sarif', 'text', 'github'])],
      mutated: name,
      ops: m.ops,
      origin: m.origin,
    };
  }
  if (command === 'compile' || command === 'pin') {
    const seed = pick(rng, cards);
    const m = mutate(rng, seed, seeds);
    const argv =
      command === 'compile'
        ? ['compile', 'agent-card.json', '--format', pick(rng, ['json', 'json', 'text'])]
        : [
            'pin',
            'agent-card.json',
            '--skill',
            firstSkillId(seed.text),
            ...(chance(rng, 0.3) ? ['--input', 'application/json'] : []),
            '--out',
            'pinned.a2a-lock.json',
          ];
    return { files: { 'agent-card.json': m.text }, argv, mutated: 'agent-card.json', ops: m.ops, origin: m.origin };
  }
  const pair = pick(rng, pairs);
  const lockSeed: Seed = { origin: pair.origin, kind: 'lockfile', text: localLock(pair.lock) };
  const cardSeed: Seed = { origin: pair.origin, kind: 'card', text: pair.card };
  const mutateLock = chance(rng, 0.5);
  const m = mutate(rng, mutateLock ? lockSeed : cardSeed, seeds);
  const files = {
    'a2a-lock.json': mutateLock ? m.text : lockSeed.text,
    'agent-card.json': mutateLock ? cardSeed.text : m.text,
  };
  const argv =
    command === 'check'
      ? [
          'check',
          'a2a-lock.json',
          '--card',
          'agent-card.json',
          '--format',
          pick(rng, ['json', 'json', 'sarif', 'markdown', 'text', 'github']),
        ]
      : ['update', 'a2a-lock.json', ...(chance(rng, 0.5) ? ['--yes'] : [])];
  return { files, argv, mutated: mutateLock ? 'a2a-lock.json' : 'agent-card.json', ops: m.ops, origin: m.origin };
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function spawnCli(argv: string[], cwd: string, hangMs: number): Promise<Run> {
  return new Promise((resolve) => {
    // No inherited settings or credentials: the run sees only the scratch directory.
    const child = spawn(process.execPath, [CLI, ...argv], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, hangMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    });
  });
}

export async function runCliInput(input: CliInput, dir: string, hangMs: number): Promise<Failure[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(input.files)) writeFileSync(join(dir, name), text);
  const run = await spawnCli(input.argv, dir, hangMs);
  const failures: Failure[] = [];
  const what = at(input.argv, 0);
  if (run.timedOut)
    return [{ property: `${what} ends within ${hangMs / 1000} s`, detail: `killed after ${hangMs} ms` }];
  if (run.code === null || ![0, 1, 2].includes(run.code))
    failures.push({
      property: `${what} exits 0, 1 or 2`,
      detail: `exit ${run.code ?? run.signal}; stderr ${visible(run.stderr)}`,
    });
  const trace = stackTrace(run.stderr);
  if (trace) failures.push({ property: `${what} prints no stack trace`, detail: visible(trace) });
  const format = input.argv[input.argv.indexOf('--format') + 1];
  if (
    input.argv.includes('--format') &&
    (format === 'json' || format === 'sarif') &&
    (run.code === 0 || run.code === 1)
  ) {
    try {
      JSON.parse(run.stdout);
    } catch (err) {
      failures.push({
        property: `${what} --format ${format} prints valid JSON on exit 0/1`,
        detail: `${String(err)}; stdout ${visible(run.stdout, 200)}`,
      });
    }
    const bad = forbiddenCharacter(run.stdout);
    if (bad)
      failures.push({
        property: `${what} --format ${format} has no raw control/bidi/invisible character`,
        detail: bad,
      });
  }
  if (format === 'github') failures.push(...workflowCommandFailures(run.stdout));
  if (what === 'discover') failures.push(...discoverFailures(input, run.stdout, run.stderr, run.code));
  if (input.catalogPath) failures.push(...catalogPathFailures(input.catalogPath, run.stdout));
  if (input.catalogPin) failures.push(...catalogPinFailures(input.catalogPin, run.code, run.stderr));
  if (what === 'pin' && run.code === 0 && !failures.length) {
    // Round trip: a lockfile just pinned from a card checks compatible against that same card.
    const check = await spawnCli(
      ['check', 'pinned.a2a-lock.json', '--card', 'agent-card.json', '--format', 'json'],
      dir,
      hangMs,
    );
    if (check.code !== 0)
      failures.push({
        property: 'a lockfile just pinned checks compatible against its card',
        detail: `check exit ${check.code ?? check.signal}: ${visible(check.stdout || check.stderr, 300)}`,
      });
  }
  return failures;
}
