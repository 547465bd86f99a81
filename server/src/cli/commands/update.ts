/**
 * `a2acap update LOCK... [--live] [--format text|json] [--provider KEY] [--yes] [--accept-breaking] [--body-file FILE]`:
 * shows how each lockfile's agent changed since it was pinned (a diff of the pinned and the current COMPILED
 * profile, both reduced to what the lockfile records; never raw card JSON), grouped by provider (the catalog
 * identifier the lockfile was pinned through, else the agent's origin), and re-pins the same selection.
 *
 * Without --yes it only shows: exit 0 when everything is up to date, 1 when an update is pending (so scripts can
 * tell), and nothing is written; the CLI never prompts (the editor's "Update Lockfile" is the interactive path).
 * With --yes the lockfiles of compatible and review updates are rewritten atomically. A breaking change is rewritten
 * only with --accept-breaking (what the agent offers now is pinned, and what the workflow loses is said); otherwise
 * exit 2 with the reason. A corrupt lockfile is a usage error before anything is fetched; an unreachable agent is
 * exit 2 once the other lockfiles went through. --body-file writes the pull-request body (Markdown).
 */
import { dirname, relative, resolve } from 'node:path';
import { statSync } from 'node:fs';
import { parseArgs } from '../args';
import { commandHelpText, type CommandHelp } from '../help';
import { Command, CliIO, EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError } from '../io';
import { createNodeWorld, nodeFiles, type World } from '../../app/world';
import { readLockfileAt } from '../../app/update';
import {
  groupByProvider,
  isUpdateBody,
  updateBody,
  updateProviders,
  type LockfileOutcome,
  type ProviderLockfile,
  type ProviderUpdate,
} from '../../app/updateProviders';
import { machineJson, urlSecrets } from '../../app/text';
import { writeFileAtomic } from '../../node/writeAtomic';
import { NotReplaceable, replaceable } from '../../node/replaceGuard';
import { settingsPerFile, type CommandSettings } from '../projectSettings';
import { safeText } from '../format';
import { CONFIG_FLAG, NETWORK_FLAGS, SIGNATURE_POLICY_FLAG, TRUST_STORE_FLAG, networkAllowance } from '../sharedFlags';
import { loadTrustStoreFiles } from '../trustStoreFile';
import { combineTrustStores, type SignaturePolicy } from '../../app/live';
import { signingCheck } from '../../app/check';
import { createHttpClient } from '../../node/net/http';
import { withRedaction } from './fetch';

const SPEC = {
  flags: {
    live: { type: 'boolean' },
    format: { type: 'string', choices: ['text', 'json'] },
    provider: { type: 'string', value: 'KEY' },
    yes: { type: 'boolean' },
    'accept-breaking': { type: 'boolean' },
    'body-file': { type: 'string', value: 'FILE' },
    ...CONFIG_FLAG,
    ...NETWORK_FLAGS,
    ...TRUST_STORE_FLAG,
    ...SIGNATURE_POLICY_FLAG,
  },
  positionals: { name: 'LOCK', min: 1 },
} as const satisfies CommandHelp['spec'];

export const help: CommandHelp = {
  name: 'update',
  spec: SPEC,
  usage: {
    lines: [
      ['live', 'format', 'provider'],
      ['yes', 'accept-breaking', 'body-file'],
      ['config', 'allow-network'],
      ['trust-store', 'signature-policy'],
    ],
  },
  overview: {
    lines: [
      ['live', 'format', 'provider', 'yes'],
      ['accept-breaking', 'body-file', 'config', { flag: 'allow-network', value: 'loopback,private' }],
      ['trust-store', 'signature-policy'],
    ],
  },
  body: [
    `Shows how each lockfile's agent changed since it was pinned (the pinned vs the current compiled profile), grouped
by provider (the catalog identifier the lockfile was pinned through, else the agent's origin scheme://host[:port]),
and with --yes re-pins the same selection of compatible and review updates. Never prompts. --live: each lockfile's
agent is fetched (always so for update). --provider KEY: only that provider's lockfiles. --accept-breaking (with
--yes): breaking changes too, pinning what the agent offers now and saying what the workflow loses.
--body-file FILE: the pull-request body (Markdown). --format json: {"providers": [{"provider", "branch",
"classification", "changed", "lockfiles", "changes"}]}. Exit 0 up to date (or updated with --yes), 1 an update is
pending (nothing written), 2 a breaking change not accepted (pin a new selection with 'a2acap pin', or accept it),
a corrupt lockfile or an unreachable agent. Each card is compiled for the client of the project configuration (the
nearest .a2a/config.json from the lockfile's folder, or --config FILE), plus the lockfile's own extensions.`,
    { flagHelp: 'allow-network' },
    { flagHelp: 'trust-store' },
    { flagHelp: 'signature-policy' },
    'A card path in LOCK must stay inside its repository (the git top-level; symlinks resolved).',
  ],
};

interface Target {
  /** As typed, as read, as shown. */
  arg: string;
  path: string;
  shown: string;
  settings: CommandSettings;
}

export const run: Command = async (argv, io: CliIO) => {
  const { flags, positionals, help: wantsHelp } = parseArgs(argv, SPEC);
  if (wantsHelp) {
    io.stdout(commandHelpText(help));
    return EXIT_OK;
  }
  if (flags['accept-breaking'] && !flags.yes)
    throw new UsageError('--accept-breaking rewrites lockfiles: it applies with --yes');
  const bodyFile = flags['body-file'] !== undefined ? bodyTarget(flags['body-file'], io) : undefined;
  // The configuration first: a bad one is the error, whatever the lockfiles.
  const targets: Target[] = settingsPerFile({ config: flags.config }, io, positionals).map(({ file, settings }) => {
    const path = resolve(io.cwd, file);
    return { arg: file, path, shown: relative(io.cwd, path) || path, settings };
  });
  const allow = networkAllowance(flags, io);
  const read: (Target & { lock: ProviderLockfile['lock']; text: string })[] = [];
  for (const target of targets) {
    const one = await readLockfileAt(target.path, nodeFiles);
    // Named as the user wrote it, as check does: with several lockfiles in a script the file is the first question.
    if (!one.ok) throw new UsageError(`${target.arg}: ${one.message}`);
    read.push({ ...target, lock: one.lock, text: one.text });
  }
  const selected = selectProvider(read, flags.provider);
  // JWKS URLs in a trust store are the user's configuration: fetched under the user's network policy (as check).
  const signing = flags['trust-store'].length
    ? signingCheck(
        combineTrustStores(await loadTrustStoreFiles(flags['trust-store'], io.cwd, createHttpClient({}))),
        (flags['signature-policy'] ?? 'verify-if-present') as SignaturePolicy,
      )
    : undefined;
  const secrets = selected.flatMap((t) => urlSecrets(t.lock.agent));
  return withRedaction(io, secrets, async (out, redact) => {
    const worlds = new Map<CommandSettings, World>();
    const worldFor = (settings: CommandSettings): World => {
      let world = worlds.get(settings);
      if (!world)
        worlds.set(
          settings,
          (world = createNodeWorld({
            client: settings.client,
            maxBytes: settings.maxBytes,
            network: { origin: 'repository', allow },
          })),
        );
      return world;
    };
    try {
      const providers = await updateProviders({
        lockfiles: selected.map((t) => ({ ...t, loader: worldFor(t.settings).loader })),
        write: flags.yes,
        acceptBreaking: flags['accept-breaking'],
        now: () => new Date(),
        ...(signing ? { signing } : {}),
      });
      if (bodyFile) await writeBody(bodyFile, redact(updateBody(providers, redact)));
      const args = new Map(selected.map((t) => [t.path, t.arg]));
      if (flags.format === 'json') out.stdout(`${machineJson({ providers: providers.map(jsonProvider) }, 2)}\n`);
      else textReport(providers, out, args);
      return exitCode(providers);
    } finally {
      for (const world of worlds.values()) await world.close();
    }
  });
};

/** --provider KEY: its lockfiles, or a usage error naming the providers there are. */
function selectProvider<T extends { lock: ProviderLockfile['lock']; text: string }>(
  read: T[],
  key: string | undefined,
): T[] {
  if (key === undefined) return read;
  const groups = groupByProvider(read);
  const chosen = groups.get(key);
  if (chosen) return chosen;
  const known = [...groups.keys()].map((k) => JSON.stringify(safeText(k))).join(', ');
  throw new UsageError(
    `--provider ${JSON.stringify(safeText(key))}: no lockfile of that provider; providers: ${known}`,
  );
}

/** The body file is checked before any agent is called: its folder exists, and it is not some other file. */
function bodyTarget(file: string, io: CliIO): { file: string; path: string; mode?: number } {
  const path = resolve(io.cwd, file);
  const label = `--body-file ${safeText(file)}`;
  try {
    if (!statSync(dirname(path)).isDirectory()) throw new Error('not a folder');
  } catch {
    throw new UsageError(`${label}: cannot write there: its folder does not exist`);
  }
  try {
    const target = replaceable(path, 'a pull-request body', isUpdateBody);
    return { file, path: target.path, ...(target.mode !== undefined ? { mode: target.mode } : {}) };
  } catch (err) {
    if (err instanceof NotReplaceable) throw new UsageError(`${label}: ${err.message.replace(`${path} `, '')}`);
    throw new UsageError(`${label}: cannot write there`);
  }
}

async function writeBody(target: { file: string; path: string; mode?: number }, text: string): Promise<void> {
  try {
    await writeFileAtomic(target.path, text, target.mode);
  } catch (err) {
    throw new UsageError(
      `--body-file ${safeText(target.file)}: cannot write it (${err instanceof Error ? err.message : String(err)})`,
    );
  }
}

function jsonProvider(p: ProviderUpdate) {
  return {
    provider: p.provider,
    branch: p.branch,
    classification: p.classification,
    changed: p.changed,
    lockfiles: p.lockfiles.map((l) => ({
      path: l.shown,
      agent: l.agent,
      status: l.status,
      ...(l.classification !== undefined ? { classification: l.classification } : {}),
      ...(l.message !== undefined ? { message: l.message } : {}),
      ...(l.loses.length ? { loses: l.loses } : {}),
    })),
    changes: p.changes,
  };
}

function exitCode(providers: readonly ProviderUpdate[]): number {
  const all = providers.flatMap((p) => p.lockfiles);
  if (all.some((l) => l.status === 'breaking' || l.status === 'error')) return EXIT_USAGE;
  return all.some((l) => l.status === 'pending') ? EXIT_FINDINGS : EXIT_OK;
}

/**
 * One lockfile's report as a single `a2acap update LOCK` has always printed it; with several lockfiles each provider
 * gets a heading, and what stops a lockfile (a breaking change, an unreachable agent) is a line on stderr naming it.
 */
function textReport(providers: readonly ProviderUpdate[], io: CliIO, args: Map<string, string>): void {
  const all = providers.flatMap((p) => p.lockfiles);
  const single = all.length === 1;
  for (const p of providers) {
    if (!single) io.stdout(`provider ${safeText(p.provider)} (branch ${p.branch}): ${p.classification}\n`);
    for (const l of p.lockfiles) lockfileText(l, io, single, args.get(l.path) ?? l.shown);
  }
}

function lockfileText(l: LockfileOutcome, io: CliIO, single: boolean, arg: string): void {
  const shown = safeText(l.shown);
  const stop = (message: string) => {
    if (single) throw new UsageError(message);
    io.stderr(`a2acap update: ${shown}: ${message}\n`);
  };
  const u = l.update;
  if (!u || u.status === 'unloadable' || l.classification === undefined) return stop(l.message ?? 'not updated');
  io.stdout(`${shown}: ${l.classification}\n`);
  // The diff quotes skill ids and card values: each line escaped for the terminal.
  io.stdout(
    u.diff.text
      ? `${u.diff.text.replace(/\n?$/, '').split('\n').map(safeText).join('\n')}\n`
      : '(the pinned part of the profile is unchanged)\n',
  );
  const message = l.message ?? '';
  switch (l.status) {
    case 'up-to-date':
      return io.stdout(`${shown} is up to date\n`);
    case 'pending':
      return io.stdout(`an update is pending; run 'a2acap update ${safeText(arg)} --yes' to re-pin\n`);
    case 'updated':
      return io.stdout(`updated ${shown}\n`);
    case 'accepted':
      io.stdout(`accepted a breaking change: ${shown} now pins what the agent offers; the workflow loses:\n`);
      for (const item of l.loses) io.stdout(`  - ${safeText(item.message)}\n`);
      return;
    case 'breaking':
      // Say what to do: a breaking change is not an update, the workflow needs a new selection (or accepts it).
      return stop(
        `cannot update: ${message}${message.includes("'a2acap pin'") ? '' : "; pin a new selection with 'a2acap pin'"}`,
      );
    default:
      return stop(message || 'not updated');
  }
}
