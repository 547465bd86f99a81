/**
 * `a2acap check LOCK... --card CARD [--format json|text] [--fail-on breaking|review] [--concurrency N]
 *                        [--binding BINDING@VERSION]... [--known-extension URI]... [--max-card-bytes N]`
 *
 * Classifies each lockfile against the compiled profile of the card (core/lockfile/check.ts).
 * JSON: {"classification", "problems": [{level, pointer, message, file}], "notes": [...], "results": [per lock]}
 * where the top level is the worst classification over all locks ("error" when a lock could not be read);
 * pointers point into the lockfile.
 * Exit: 1 when breaking (or review with --fail-on review), 2 on usage, I/O or a corrupt lockfile / card
 * (a corrupt lock is never reported as compatible), else 0.
 *
 * Structure, so that `--live`, more formats and concurrent checks can be added without rewrites:
 *   parse flags → resolve the card for each lock (cardSource) → checkOne per lock → render[format].
 */
import { resolve } from 'node:path';
import { cardDigest } from '../../core/digest';
import { checkLockfile } from '../../core/lockfile/check';
import { loadLockfile } from '../../core/lockfile/load';
import { compileProfile } from '../../core/profile/compile';
import type { CheckItem, CheckResult, Classification, CompiledProfile } from '../../core/types';
import { parseArgs } from '../args';
import { CHECK_HELP, CHECK_SPEC, readText, runCheckMany, wantsCheckMany } from '../checkMany';
import { alignColumns, palette } from '../format';
import { CliIO, Command, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, useColor } from '../io';
import { clean, clientFrom, loadJson, maxBytesFrom } from './compile';

/** One lockfile's outcome: a check result, or why it could not be checked. */
export interface LockReport {
  file: string;
  card: string;
  result?: CheckResult;
  error?: string;
}

/** The card locks are checked against: read, parsed and compiled once for all of them. */
export interface CardInput {
  file: string;
  profile: CompiledProfile;
  digest: string | undefined;
}

const RANK: Record<Classification, number> = { compatible: 0, review: 1, breaking: 2 };

function worst(results: readonly CheckResult[]): Classification {
  return results.reduce<Classification>((w, r) => (RANK[r.classification] > RANK[w] ? r.classification : w), 'compatible');
}

function safeDigest(card: unknown): string | undefined {
  try {
    return cardDigest(card);
  } catch {
    return undefined; // e.g. nesting too deep to canonicalize: the digest note is skipped, the check still runs
  }
}

export async function checkOne(lockPath: string, card: CardInput, io: CliIO): Promise<LockReport> {
  const report: LockReport = { file: lockPath, card: card.file };
  const loaded = await loadLockfile(resolve(io.cwd, lockPath), readText);
  if (!loaded.ok) {
    report.error = loaded.message;
    return report;
  }
  try {
    report.result = checkLockfile(loaded.lockfile, card.profile, card.digest !== undefined ? { cardDigest: card.digest } : {});
  } catch (err) {
    report.error = err instanceof Error ? err.message : String(err); // never a crash: this lock is an error, the others still run
  }
  return report;
}

/** --concurrency N, as for --live (checkMany.ts): lockfiles read at a time, 1 to 256 (default 16). */
function concurrencyFrom(value: string | undefined): number {
  if (value === undefined) return 16;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new UsageError(`--concurrency must be an integer from 1 to 256 (got ${JSON.stringify(value.slice(0, 40))})`);
  return n;
}

/** checkOne over every lock, at most `limit` at a time, in argument order. */
async function checkAll(locks: readonly string[], card: CardInput, io: CliIO, limit: number): Promise<LockReport[]> {
  const reports: LockReport[] = [];
  for (let i = 0; i < locks.length; i += limit) {
    reports.push(...await Promise.all(locks.slice(i, i + limit).map((lock) => checkOne(lock, card, io))));
  }
  return reports;
}

// ---------------------------------------------------------------- rendering

function jsonOutput(reports: readonly LockReport[]): string {
  const checked = reports.filter((r) => r.result);
  const withFile = (r: LockReport, items: CheckItem[]) => items.map((i) => ({ level: i.level, pointer: i.pointer, message: i.message, file: r.file }));
  // A lock that could not be read is never folded into "compatible": the whole run is an error (exit 2).
  const body = {
    classification: reports.some((r) => r.error) ? 'error' : worst(checked.map((r) => r.result!)),
    problems: checked.flatMap((r) => withFile(r, r.result!.problems)),
    notes: checked.flatMap((r) => withFile(r, r.result!.notes)),
    results: reports.map((r) => (r.result ? { file: r.file, card: r.card, ...r.result } : { file: r.file, card: r.card, error: r.error })),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

function textOutput(reports: readonly LockReport[], io: CliIO): string {
  const p = palette(useColor(io));
  const label: Record<Classification, string> = { compatible: p.green('compatible'), review: p.yellow('REVIEW'), breaking: p.red('BREAKING') };
  const level: Record<CheckItem['level'], string> = { breaking: p.red('breaking'), review: p.yellow('review'), note: p.gray('note') };
  let out = '';
  for (const r of reports) {
    if (!r.result) continue; // already reported on stderr, one line per lock
    out += `${clean(r.file)}: ${label[r.result.classification]}  (card ${clean(r.card)})\n`;
    const items = [...r.result.problems, ...r.result.notes];
    out += alignColumns(items.map((i) => [`  ${level[i.level]}`, clean(i.pointer || '/'), clean(i.message, 400)]));
  }
  return out;
}

/** Output formats by name; issue 5 adds markdown and sarif here. */
const RENDER: Record<string, (reports: readonly LockReport[], io: CliIO) => string> = {
  json: (reports) => jsonOutput(reports),
  text: textOutput,
};

export const run: Command = async (argv, io) => {
  // --live and the sarif/markdown formats: the concurrent multi-lockfile check of issue 5 (cli/checkMany.ts).
  if (wantsCheckMany(argv)) return runCheckMany(argv, io);
  const { flags, positionals, help } = parseArgs(argv, CHECK_SPEC);
  if (help) {
    io.stdout(CHECK_HELP);
    return EXIT_OK;
  }
  if (flags.card === undefined) throw new UsageError('say what to check against: --card CARD (a card file) or --live (each lockfile\'s agent)');
  for (const live of ['stale-markers', 'cache-dir'] as const) {
    if (flags[live] !== undefined) throw new UsageError(`--${live} applies to --live checks, not to --card`);
  }
  const client = clientFrom(flags);
  const limit = concurrencyFrom(flags.concurrency);
  const value = await loadJson(flags.card, io, maxBytesFrom(flags['max-card-bytes']), 'the card');
  const card: CardInput = { file: flags.card, profile: compileProfile(value, client), digest: safeDigest(value) };
  const reports = await checkAll(positionals, card, io, limit);

  for (const r of reports) if (r.error) io.stderr(`a2acap check: ${clean(r.file)}: ${clean(r.error, 400)}\n`);
  io.stdout(RENDER[flags.format ?? 'json']!(reports, io));

  if (reports.some((r) => r.error)) return EXIT_USAGE;
  const classification = worst(reports.map((r) => r.result!));
  const failOn = flags['fail-on'] ?? 'breaking';
  return RANK[classification] >= RANK[failOn as Classification] ? EXIT_FINDINGS : EXIT_OK;
};
