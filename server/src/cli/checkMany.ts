/**
 * `a2acap check LOCK... [--live | --card CARD] [--format text|json|sarif|markdown] [--fail-on breaking|review]
 *  [--concurrency N] [--binding B@V]... [--known-extension URI]...`: the CI gate over many lockfiles
 * (commands/check.ts delegates here for --live, sarif and markdown). Default format: json, as `check --card`.
 *
 * - Without --card the check is live: each lockfile's `agent` is fetched (conditional requests; several
 *   lockfiles pinning the same agent share one fetch). --card checks every lockfile against one card file.
 * - Lockfiles are checked concurrently (default 16 at a time); results are reported in argument order.
 * - Exit: 2 when any lockfile could not be checked (corrupt lockfile, unreachable agent, invalid card),
 *   else 1 when any is breaking (or review, with --fail-on review), else 0. A check never writes a lockfile.
 * - Stale markers (--live only): `--stale-markers FILE`, default `.a2a/stale.json` when it exists. A marked
 *   agent is re-fetched without validators and re-diffed; its marker is removed from the file once its
 *   lockfile was checked (other markers are kept). A missing or corrupt file is no markers.
 *
 * Also the shared "refresh world" of the CLI (HTTP client, card cache, file access) for pin and update.
 */
import { promises as fs, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { parseArgs } from './args';
import { readTextSync } from '../node/readText';
import { ioReason } from '../core/ioReason';
import { VERSION } from './version';
import { CliIO, UsageError, useColor } from './io';
import { DEFAULT_STALE_FILE, fileStaleMarkers, type FileStaleMarkers } from '../node/fileStaleMarkers';
import { createHttpClient, type HttpClient } from '../core/net/http';
import { MemoryCardCache } from '../core/refresh/cache';
import { FileCardCache } from '../core/refresh/fileCache';
import { createCardLoader, type CardLoader } from '../core/refresh/cardLoader';
import { fileCardSource, httpCardSource, sourceFor } from '../core/refresh/cardSources';
import { checkMany, DEFAULT_CONCURRENCY } from '../core/refresh/checkMany';
import { jsonReport } from '../core/refresh/report/json';
import { markdownReport } from '../core/refresh/report/markdown';
import { sarifReport } from '../core/refresh/report/sarif';
import { exitCodeFor, summarize, type FailOn } from '../core/refresh/report/summary';
import { textReport, type TextStyle } from '../core/refresh/report/text';
import type { ClientConfig } from '../core/types';
import { CLIENT_FLAGS, clientFrom, maxBytesFrom } from './commands/compile';

/** The flags of `a2acap check`, parsed alike whichever of check.ts (--card) or this module (--live, sarif, markdown) runs it. */
export const CHECK_SPEC = {
  flags: {
    live: { type: 'boolean' },
    card: { type: 'string' },
    format: { type: 'string', choices: ['json', 'text', 'sarif', 'markdown'] },
    'fail-on': { type: 'string', choices: ['breaking', 'review'] },
    concurrency: { type: 'string' },
    'stale-markers': { type: 'string' },
    'cache-dir': { type: 'string' },
    ...CLIENT_FLAGS,
  },
  positionals: { name: 'LOCK', min: 1 },
} as const;

/** `a2acap check --help`, whichever of check.ts or this module handles the arguments. */
export const CHECK_HELP = `Usage: a2acap check LOCK... [--card CARD | --live [--stale-markers FILE] [--cache-dir DIR]] [--format json|text|sarif|markdown]
                    [--fail-on breaking|review] [--concurrency N] [--binding BINDING@VERSION]... [--known-extension URI]...
                    [--max-card-bytes N]
Checks capability lockfiles against the compiled profile of CARD, or (--live) of each lockfile's agent, fetched
with a conditional request. Never rewrites a lockfile: use 'a2acap update'. --format: json (default), text,
sarif (code scanning) or markdown (a pull-request comment).
--stale-markers FILE: runtime errors recorded by workflows (default .a2a/stale.json when it exists); a marked
agent is re-fetched without validators and its marker cleared once checked.
--cache-dir DIR (or A2ACAP_CACHE_DIR): keep public cards and their validators between runs (304s next time).
Exit 1 when breaking (or review with --fail-on review), 2 on usage, I/O or corrupt input, else 0.
`;

/**
 * Whether `check` should be handled here: --live (fetch each lockfile's agent) or a format only this
 * module renders (sarif, markdown). Plain `check --card` stays in commands/check.ts.
 */
export function wantsCheckMany(argv: readonly string[]): boolean {
  return argv.some((a, i) => a === '--live'
    || ((a === '--format' && (argv[i + 1] === 'sarif' || argv[i + 1] === 'markdown')) || a === '--format=sarif' || a === '--format=markdown'));
}

/** Lockfiles and card files, read synchronously and bounded (readText.ts); errors arrive as a rejection with their code. */
export const readText = async (path: string): Promise<string> => readTextSync(path);

/** The CLI's world for refreshing: one keep-alive HTTP client and one card cache per run. */
export interface RefreshWorld {
  http: HttpClient;
  loader: CardLoader;
  close(): Promise<void>;
}

/**
 * `cacheDir`: keep public cards (and their ETag / Last-Modified) between runs, so the next run revalidates with
 * conditional requests (304 → the card is not downloaded again). Without it each run starts cold.
 */
export function createRefreshWorld(client?: ClientConfig, maxBytes?: number, cacheDir?: string): RefreshWorld {
  const http = createHttpClient();
  const source = sourceFor(httpCardSource(http, { maxBytes }), fileCardSource(readText));
  const cache = cacheDir ? new FileCardCache(cacheDir, NODE_CACHE_FILES, client) : new MemoryCardCache();
  return { http, loader: createCardLoader({ source, cache, client }), close: () => http.close() };
}

const NODE_CACHE_FILES = {
  readFile: (path: string) => readFileSync(path, 'utf8'),
  writeFile: (path: string, text: string) => writeFileSync(path, text, { mode: 0o600 }),
  rename: renameSync,
  mkdir: (path: string) => { mkdirSync(path, { recursive: true, mode: 0o700 }); },
};

/**
 * The stale-markers file of a live check: the one named, or `.a2a/stale.json` under the current directory
 * when it exists. A named file that does not exist is a usage error (a typo must not silently skip markers).
 */
async function staleMarkersFor(named: string | undefined, io: CliIO): Promise<FileStaleMarkers | undefined> {
  const path = resolve(io.cwd, named ?? DEFAULT_STALE_FILE);
  try {
    await fs.access(path);
  } catch (err) {
    if (named !== undefined) throw new UsageError(`--stale-markers: cannot read ${named} (${ioReason(err)})`);
    return undefined;
  }
  const markers = fileStaleMarkers(path);
  await markers.load();
  return markers;
}

function parseConcurrency(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new UsageError(`--concurrency must be an integer from 1 to 256 (got ${JSON.stringify(value)})`);
  return n;
}

const COLORS = { compatible: 32, review: 33, breaking: 31, error: 35 } as const;

function textStyle(io: CliIO): TextStyle | undefined {
  if (!useColor(io)) return undefined;
  return { verdict: (v, t) => `\u001b[${COLORS[v]}m${t}\u001b[0m` };
}

export async function runCheckMany(argv: string[], io: CliIO, version = VERSION): Promise<number> {
  const { flags, positionals, help } = parseArgs(argv, CHECK_SPEC);
  if (help) {
    io.stdout(CHECK_HELP);
    return 0;
  }
  if (flags.live && flags.card !== undefined) throw new UsageError('--live and --card exclude each other');
  if (flags['stale-markers'] !== undefined && flags.card !== undefined) throw new UsageError('--stale-markers applies to --live checks, not to --card');
  const concurrency = parseConcurrency(flags.concurrency);
  const lockfiles = positionals.map((p) => resolve(io.cwd, p));
  const stale = flags.card === undefined ? await staleMarkersFor(flags['stale-markers'], io) : undefined;
  if (flags['cache-dir'] !== undefined && flags.card !== undefined) throw new UsageError('--cache-dir applies to --live checks, not to --card');
  const cacheDirFlag = flags['cache-dir'] ?? (flags.card === undefined ? io.env.A2ACAP_CACHE_DIR : undefined);
  const cacheDir = cacheDirFlag ? resolve(io.cwd, cacheDirFlag) : undefined;
  const world = createRefreshWorld(clientFrom(flags), maxBytesFrom(flags['max-card-bytes']), cacheDir);
  try {
    const outcomes = await checkMany(lockfiles, {
      loader: world.loader,
      readText,
      cardOverride: flags.card !== undefined ? resolve(io.cwd, flags.card) : undefined,
      concurrency,
      ...(stale ? { stale } : {}),
    });
    if (stale) {
      await stale.flush().catch((err: unknown) => io.stderr(`a2acap check: cannot update ${stale.path}: ${err instanceof Error ? err.message : String(err)}\n`));
    }
    const display = (p: string) => (isAbsolute(p) ? relative(io.cwd, p) || p : p);
    const format = flags.format ?? 'json';
    const report = format === 'json' ? jsonReport(outcomes, display)
      : format === 'sarif' ? sarifReport(outcomes, display, version)
      : format === 'markdown' ? markdownReport(outcomes, display)
      : textReport(outcomes, display, textStyle(io));
    io.stdout(report);
    return exitCodeFor(summarize(outcomes), (flags['fail-on'] ?? 'breaking') as FailOn);
  } finally {
    await world.close();
  }
}
