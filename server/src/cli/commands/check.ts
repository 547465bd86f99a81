/**
 * `a2acap check LOCK... [--live | --card CARD] [--format json|text|sarif|markdown|codequality] [--fail-on breaking|review|note]
 *  [--concurrency N] [--binding B@V]... [--known-extension URI]... [--max-card-bytes N]`: the CI gate over many
 * lockfiles. One implementation for both kinds of check (core/check/checkMany.ts), so --card and --live print
 * the same reports (core/check/report/*) and exit alike.
 *
 * - --live: each lockfile's `agent` is fetched (conditional requests; several lockfiles pinning the same agent
 *   share one fetch). --card: every lockfile against one card file, read, validated and compiled once; a card
 *   that cannot be read, is not JSON or is not a valid 1.0 card is one usage error (exit 2), not N errors.
 * - Lockfiles are checked concurrently (default 16 at a time); results are reported in argument order.
 * - Exit: 2 when any lockfile could not be checked (corrupt lockfile, unreachable agent, invalid card),
 *   else 1 when any is breaking (or review, with --fail-on review; or changed at all, with --fail-on note), else 0.
 *   A check never writes a lockfile.
 * - Stale markers (--live only): `--stale-markers FILE`, default `.a2a/stale.json` when it exists. A marked
 *   agent is re-fetched without validators and re-diffed; its marker is removed from the file once its
 *   lockfile was checked (other markers are kept). A missing or corrupt file is no markers.
 */
import { promises as fs } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import {
  CHECK_FORMATS,
  DEFAULT_CONCURRENCY,
  checkLockfiles,
  signingCheck,
  checkReport,
  exitCodeFor,
  checkAtRevision,
  fixedCardLoader,
  markAccepted,
  openRevision,
  reverifyProbes,
  RevisionError,
  type CheckResult,
  type Revision,
  type CheckFormat,
  type FailOn,
  type RefreshOutcome,
  type StaleSuppression,
  type TextStyle,
} from '../../app/check';
import { staleSuppressions, withPolicyProblems, type SuppressionLedger } from '../../app/checkPolicies';
import { ioReason, redactorFor, withoutUserinfo } from '../../app/text';
import { createNodeWorld } from '../../app/world';
import type { CardLoader } from '../../app/live';
import { parseArgs } from '../args';
import { commandHelpText, type CommandHelp } from '../help';
import { redactingIO } from './fetch';
import { VERSION } from '../version';
import { CliIO, Command, UsageError, useColor } from '../io';
import { DEFAULT_STALE_FILE, fileStaleMarkers, type FileStaleMarkers } from '../../node/fileStaleMarkers';
import type { ClientConfig } from '../../app/settings';
import { clean, loadJson } from './compile';
import { settingsPerFile, type CommandSettings } from '../projectSettings';
import { CLIENT_FLAGS, NETWORK_FLAGS, SIGNATURE_POLICY_FLAG, TRUST_STORE_FLAG, networkAllowance } from '../sharedFlags';
import { combineTrustStores, type SignaturePolicy } from '../../app/live';
import { createHttpClient } from '../../node/net/http';
import { loadTrustStoreFiles } from '../trustStoreFile';
import { OUTPUT_FLAG, captured, parseOutputs, writeOutputs } from '../outputs';

const SPEC = {
  flags: {
    live: { type: 'boolean' },
    card: { type: 'string', value: 'CARD' },
    format: { type: 'string', choices: CHECK_FORMATS },
    ...OUTPUT_FLAG,
    'fail-on': { type: 'string', choices: ['breaking', 'review', 'note'] },
    concurrency: { type: 'string', value: 'N' },
    probe: {
      type: 'boolean',
      help: `--probe (with --live): lockfiles pinned with 'a2acap pin --probe' have their agent probed again (safe probes,
no message sent); a claim verified when pinned and refuted now is breaking, one the probe cannot decide now is to
review; messages name the A2A test kit requirement the probe tests.`,
    },
    since: {
      type: 'string',
      value: 'REF',
      help: `--since REF: also check the lockfiles as they were at the git revision REF (with --card, against the card
as it was there): a problem that was already there is reported as pre-existing and does not fail the run; what
the change introduced does.`,
    },
    'approved-by': {
      type: 'string',
      value: 'TEXT',
      help: `--approved-by TEXT: breaking and review problems pass, each reported as approved by TEXT (the GitHub Action
passes its approval label when the pull request carries it).`,
    },
    'stale-markers': {
      type: 'string',
      value: 'FILE',
      help: `--stale-markers FILE: runtime errors recorded by workflows (default .a2a/stale.json when it exists); a marked
agent is re-fetched without validators and its marker cleared once checked.`,
    },
    'cache-dir': {
      type: 'string',
      value: 'DIR',
      help: '--cache-dir DIR (or A2ACAP_CACHE_DIR): keep public cards and their validators between runs (304s next time).',
    },
    ...CLIENT_FLAGS,
    ...NETWORK_FLAGS,
    ...TRUST_STORE_FLAG,
    ...SIGNATURE_POLICY_FLAG,
  },
  positionals: { name: 'LOCK', min: 1 },
} as const satisfies CommandHelp['spec'];

export const help: CommandHelp = {
  name: 'check',
  spec: SPEC,
  usage: {
    lines: [
      [{ group: [['card'], ['live', 'stale-markers', 'cache-dir', 'probe', 'allow-network']] }],
      ['format', 'output'],
      ['fail-on', 'concurrency', 'binding', 'known-extension'],
      ['since', 'approved-by', 'max-card-bytes', 'config'],
      ['trust-store', 'signature-policy'],
    ],
  },
  overview: {
    lines: [
      [{ group: [['card'], ['live', 'stale-markers', 'cache-dir', 'probe']] }, 'format', 'output'],
      ['fail-on', 'concurrency', 'binding', 'known-extension'],
      ['since', 'approved-by', 'max-card-bytes', 'config', { flag: 'allow-network', value: 'loopback,private' }],
      ['trust-store', 'signature-policy'],
    ],
    indent: 22,
  },
  body: [
    `Checks capability lockfiles against the compiled profile of CARD, or (--live) of each lockfile's agent, fetched
with a conditional request; a lockfile pinned through a catalog ("found_via") is resolved through its catalog
again (moved: compared where it is now; entry gone: breaking; version replaced: compared with the newest, a note).
Never rewrites a lockfile: use 'a2acap update'. --format: json (default), text, sarif (code scanning), markdown
(a pull-request comment), codequality (a GitLab Code Quality report) or github (GitHub Actions annotations on the
lockfile members, then the summary line); codequality and github name files relative to the working directory,
which should be the repository root.`,
    { flagHelp: 'output' },
    { flagHelp: 'stale-markers' },
    { flagHelp: 'cache-dir' },
    { flagHelp: 'allow-network' },
    { flagHelp: 'probe' },
    { flagHelp: 'since' },
    { flagHelp: 'approved-by' },
    { flagHelp: 'trust-store' },
    { flagHelp: 'signature-policy' },
    "A card path in a lockfile must stay inside the lockfile's repository (the git top-level; symlinks resolved).",
    `Each lockfile is checked for the client of its project configuration (the nearest .a2a/config.json from the
lockfile's folder, as the editor takes it; or --config FILE); the client flags override it. Each lockfile's own
extensions count as known.`,
    `The policies of that configuration (docs/policies.md) run on the card each lockfile is checked against: a
violation is a problem at the lockfile's /agent, its message starting with the policy id and naming the card member
that decided it; severity error is breaking, warning review, info and hint a note. An ignore entry for a policy id
whose file glob matches the lockfile suppresses that problem (counted in the summary, in SARIF as suppressed).`,
    `Exit 1 when breaking (or review with --fail-on review, or any change, a note included, with --fail-on note),
2 on usage, I/O or corrupt input, else 0.`,
  ],
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
  const n = /^\d+$/.test(value) ? Number(value) : NaN; // not 0x10, 1e2 or ' 16'
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new UsageError(`--concurrency must be an integer from 1 to 256 (got ${JSON.stringify(value.slice(0, 40))})`);
  return n;
}

/**
 * --card: the card file read (size limit, JSON) and loaded (schema, compile, digest) once, before any lockfile,
 * so a bad card is one clear error. The loader serves that one card for every lockfile; `location` is the path
 * as the user wrote it, which is what the reports show.
 */
async function cardFileLoader(
  location: string,
  io: CliIO,
  maxBytes: number,
  client: ClientConfig,
): Promise<CardLoader> {
  const card = await loadJson(location, io, maxBytes, 'the card');
  const loader = fixedCardLoader(card, client);
  try {
    await loader.load(location);
  } catch (err) {
    throw new UsageError(
      `${err instanceof Error ? err.message : String(err)} (run 'a2acap lint ${location}' for every finding)`,
    );
  }
  return loader;
}

/** --since: the revision, resolved once; a revision that is not a commit of the repository is a usage error. */
async function revisionFor(ref: string, io: CliIO): Promise<Revision> {
  try {
    return await openRevision(io.cwd, ref);
  } catch (err) {
    if (err instanceof RevisionError) throw new UsageError(`--since: ${err.message}`);
    throw err;
  }
}

/**
 * --card with --since: the card file as it was at the revision. Undefined (nothing was checkable there, so every
 * problem is new) when it did not exist there or is not a card; said on stderr.
 */
async function cardLoaderAt(
  revision: Revision,
  location: string,
  io: CliIO,
  settings: CommandSettings,
): Promise<CardLoader | undefined> {
  const text = await revision.read(resolve(io.cwd, location));
  try {
    if (text === undefined) throw new Error('it is not there');
    if (text.length > settings.maxBytes) throw new Error('larger than the card size limit');
    const loader = fixedCardLoader(JSON.parse(text) as unknown, settings.client);
    await loader.load(location);
    return loader;
  } catch (err) {
    io.stderr(
      `a2acap check: --since ${clean(revision.name)}: the card ${clean(location)} cannot be read at that revision (${clean(err instanceof Error ? err.message : String(err), 200)}); every problem counts as new\n`,
    );
    return undefined;
  }
}

const COLORS = { compatible: 32, review: 33, breaking: 31, error: 35 } as const;

function textStyle(io: CliIO): TextStyle | undefined {
  if (!useColor(io)) return undefined;
  return { verdict: (v, t) => `\u001b[${COLORS[v]}m${t}\u001b[0m` };
}

/** Lockfiles (path and argument index) by the settings that apply to them, in argument order (one group when one configuration applies). */
function groupBySettings(
  perFile: readonly { file: string; settings: CommandSettings }[],
  cwd: string,
): Map<CommandSettings, { index: number; path: string }[]> {
  const groups = new Map<CommandSettings, { index: number; path: string }[]>();
  perFile.forEach(({ file, settings }, index) => {
    let list = groups.get(settings);
    if (!list) groups.set(settings, (list = []));
    list.push({ index, path: resolve(cwd, file) });
  });
  return groups;
}

/** Paths as the user wrote them (lockfiles), else relative to the working directory (card files a lockfile pins). */
function displayPaths(typed: ReadonlyMap<string, string>, cwd: string): (path: string) => string {
  // A lockfile's agent URL may carry userinfo (user:password@): never shown.
  return (p) => typed.get(p) ?? (isAbsolute(p) ? relative(cwd, p) || p : withoutUserinfo(p));
}

function render(
  format: string,
  outcomes: readonly RefreshOutcome[],
  display: (path: string) => string,
  io: CliIO,
  version: string,
  stale: readonly StaleSuppression[],
): string {
  return checkReport(format as CheckFormat, outcomes, display, {
    version,
    stale,
    style: textStyle(io),
    // GitLab links each issue to a file of the repository: a path relative to it, whatever the user typed.
    relativePath: (p) => relative(io.cwd, resolve(io.cwd, p)) || p,
  });
}

export async function runCheck(argv: string[], rawIO: CliIO, version = VERSION): Promise<number> {
  // Every line printed passes the redactor: URL userinfo from a lockfile (or an agent's message) is never shown.
  const redact = redactorFor([]);
  const io = redactingIO(rawIO, redact);
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return 0;
  }
  if (flags.live && flags.card !== undefined) throw new UsageError('--live and --card exclude each other');
  if (!flags.live && flags.card === undefined)
    throw new UsageError("say what to check against: --card CARD (a card file) or --live (each lockfile's agent)");
  for (const live of ['stale-markers', 'cache-dir'] as const) {
    if (flags[live] !== undefined && flags.card !== undefined)
      throw new UsageError(`--${live} applies to --live checks, not to --card`);
  }
  if (flags.probe && flags.card !== undefined) throw new UsageError('--probe applies to --live checks, not to --card');
  if (flags['allow-network'].length && flags.card !== undefined)
    throw new UsageError('--allow-network applies to --live checks, not to --card');
  const concurrency = parseConcurrency(flags.concurrency);
  const approvedBy = flags['approved-by'];
  if (approvedBy !== undefined && !approvedBy.trim())
    throw new UsageError('--approved-by needs a text (what approved)');
  const outputs = parseOutputs(flags.output, CHECK_FORMATS, io.cwd);
  const allow = flags.live ? networkAllowance(flags, io) : undefined;
  const lockfiles = positionals.map((p) => resolve(io.cwd, p));
  const display = displayPaths(new Map(positionals.map((p) => [resolve(io.cwd, p), p])), io.cwd);
  // Each lockfile is checked for the client of its own project configuration (the one the editor uses for it).
  const groups = groupBySettings(settingsPerFile(flags, io, positionals), io.cwd);
  const cardLoaders = new Map<CommandSettings, CardLoader>();
  if (flags.card !== undefined) {
    for (const settings of groups.keys())
      cardLoaders.set(settings, await cardFileLoader(flags.card, io, settings.maxBytes, settings.client));
  }
  const revision = flags.since !== undefined ? await revisionFor(flags.since, io) : undefined;
  const stale = flags.live ? await staleMarkersFor(flags['stale-markers'], io) : undefined;
  const cacheDirFlag = flags['cache-dir'] ?? (flags.live ? io.env.A2ACAP_CACHE_DIR : undefined);
  // Only a live check talks to agents: --card needs no HTTP client.
  const world =
    flags.card !== undefined
      ? undefined
      : createNodeWorld({
          cacheDir: cacheDirFlag ? resolve(io.cwd, cacheDirFlag) : undefined,
          network: { origin: 'repository', allow },
        });
  // JWKS URLs in a trust store are the user's configuration: fetched under the user's network policy.
  const signing = flags['trust-store'].length
    ? signingCheck(
        combineTrustStores(await loadTrustStoreFiles(flags['trust-store'], io.cwd, createHttpClient({}))),
        (flags['signature-policy'] ?? 'verify-if-present') as SignaturePolicy,
      )
    : undefined;
  try {
    const checkedOutcomes: RefreshOutcome[] = new Array(lockfiles.length);
    // The `ignore` runs of the whole check, so an entry no checked lockfile needed is reported stale at the end.
    const ledger: SuppressionLedger = new Map();
    const base = revision ? new Map<string, CheckResult>() : undefined;
    for (const [settings, members] of groups) {
      const loader = cardLoaders.get(settings) ?? world!.loaderFor(settings.client, settings.maxBytes);
      const request = {
        lockfiles: members.map((m) => m.path),
        loader,
        cardOverride: flags.card,
        concurrency,
        ...(signing ? { signing } : {}),
      };
      const checked = await checkLockfiles({ ...request, ...(stale ? { stale } : {}) });
      if (revision && base) {
        const baseLoader = flags.card !== undefined ? await cardLoaderAt(revision, flags.card, io, settings) : loader;
        if (baseLoader)
          for (const [path, result] of await checkAtRevision({ ...request, loader: baseLoader }, revision, (o) =>
            withPolicyProblems(o, settings, { cwd: io.cwd }),
          ))
            base.set(path, result);
      }
      const probed =
        flags.probe && world
          ? await reverifyProbes(checked, { http: world.http, allow, client: settings.client })
          : checked;
      const judged = withPolicyProblems(probed, settings, { cwd: io.cwd, ledger });
      judged.forEach((o, k) => {
        const member = members[k];
        if (member) checkedOutcomes[member.index] = o;
      });
    }
    if (stale) {
      await stale
        .flush()
        .catch((err: unknown) =>
          io.stderr(`a2acap check: cannot update ${stale.path}: ${err instanceof Error ? err.message : String(err)}\n`),
        );
    }
    const outcomes = markAccepted(checkedOutcomes, {
      ...(approvedBy !== undefined ? { approvedBy } : {}),
      ...(base ? { base } : {}),
    });
    const rulesOf = new Map([...groups.keys()].map((g) => [g.configPath, g.rules]));
    const staleEntries = staleSuppressions(ledger, io.cwd, (path) => rulesOf.get(path) ?? {});
    const format = flags.format ?? 'json';
    // The text report shows why a lockfile could not be checked; the machine formats are often redirected to a
    // file, so the reason also goes to stderr, one line per lockfile, where the person reading the CI log sees it
    // (the github format has that line already).
    if (format !== 'text' && format !== 'github') {
      for (const o of outcomes)
        if (o.status === 'error') io.stderr(`a2acap check: ${clean(display(o.lockfile))}: ${clean(o.cause, 400)}\n`);
    }
    io.stdout(render(format, outcomes, display, io, version, staleEntries));
    // The files get what stdout would (redacted as it is), uncoloured.
    await writeOutputs(outputs, (f) =>
      redact(captured(io, (to) => to.stdout(render(f, outcomes, display, to, version, staleEntries)))),
    );
    return exitCodeFor(outcomes, (flags['fail-on'] ?? 'breaking') as FailOn);
  } finally {
    await world?.close();
  }
}

export const run: Command = (argv, io) => runCheck(argv, io);
