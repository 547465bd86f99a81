/**
 * What a command runs with: command-line flags over the project configuration (core/config/projectConfig.ts) over
 * the defaults. The configuration is `--config FILE` when given, else the nearest `.a2a/config.json` from the
 * directory of the file the command works on (each file's, for lint and check; the working directory for a URL) —
 * the one the editor takes for that file (lsp/projectConfig.ts), so a lockfile pinned in the editor is checked in
 * CI for the same client, in a repository with one configuration or one per package.
 */
import { DEFAULT_MAX_CARD_BYTES, parseTargets, resolveCardSettings, resolveClient } from '../app/settings';
import { type CardSettings, type ClientConfig, type SeveritySetting } from '../app/settings';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { findConfigFrom, loadProjectConfig, ProjectConfigError, type LoadedProjectConfig } from '../node/projectConfig';
import { CliIO, UsageError } from './io';
import type { IgnoreEntry } from '../app/suppress';
import type { PolicyEntry } from '../app/policies';

/** --max-card-bytes N: a positive whole number of bytes, else a usage error. */
export function maxBytesFrom(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new UsageError(`--max-card-bytes expects a positive number of bytes (got ${JSON.stringify(value)})`);
  return Number(value);
}

export interface CommandSettings {
  client: ClientConfig;
  maxBytes: number;
  /** Rule severities of the project configuration (lint adds --rules and --rule over them). */
  rules: Record<string, SeveritySetting>;
  /** How the cards are published (`card` in the configuration; `lint --internal-only` sets internalOnly). */
  card: CardSettings;
  /** The configuration file read, if any. */
  configPath?: string;
  /** The configuration's `ignore` entries (lint and check apply them: app/suppress.ts). */
  ignore: IgnoreEntry[];
  /** The configuration's policies (lint runs them on every card: app/policies.ts). */
  policies: PolicyEntry[];
}

/**
 * The project configuration for work in `fromDir` (default: the working directory); a file that cannot be read or
 * is invalid is a usage error (exit 2).
 */
export function projectConfigOf(
  io: CliIO,
  explicit: string | undefined,
  fromDir: string = io.cwd,
): LoadedProjectConfig {
  try {
    return loadProjectConfig(io.cwd, explicit, fromDir);
  } catch (err) {
    // Named as the other files of the run are: relative to the working directory when beneath it.
    if (err instanceof ProjectConfigError) throw new UsageError(`${shownPath(io, err.path)}: ${err.reason}`);
    throw err;
  }
}

/**
 * --binding (repeated) replaces the configured bindings, --known-extension (repeated) the configured extensions,
 * --max-card-bytes the configured limit, --internal-only (lint) the configuration's card.internalOnly; each falls
 * back to the configuration, then to the default.
 */
export function commandSettings(
  flags: {
    binding?: readonly string[];
    'known-extension'?: readonly string[];
    'max-card-bytes'?: string;
    /** lint --target: registries whose limits are checked (replaces the configuration's `target`). */
    target?: readonly string[];
    config?: string;
    'internal-only'?: boolean;
  },
  io: CliIO,
  fromDir: string = io.cwd,
): CommandSettings {
  return settingsFrom(flags, projectConfigOf(io, flags.config, fromDir));
}

/** Flags over the configuration read over the defaults. */
function settingsFrom(
  flags: Parameters<typeof commandSettings>[0],
  { path, config }: LoadedProjectConfig,
): CommandSettings {
  // --binding "JSONRPC@1.0" (core/a2a/bindingSpec.ts); a malformed one is a usage error.
  const resolved = resolveClient(
    {
      bindings: flags.binding?.length ? flags.binding : undefined,
      knownExtensions: flags['known-extension']?.length ? flags['known-extension'] : undefined,
    },
    config.client ?? {},
  );
  if (!resolved.ok) throw new UsageError(`--binding: ${resolved.error}`);
  const maxBytes =
    flags['max-card-bytes'] !== undefined
      ? maxBytesFrom(flags['max-card-bytes'])
      : (config.maxCardBytes ?? DEFAULT_MAX_CARD_BYTES);
  // --internal-only can only switch the configuration's internalOnly on: a flag that is absent says nothing.
  const card = resolveCardSettings({
    ...config.card,
    ...(flags['internal-only'] ? { internalOnly: true } : {}),
    ...(config.target ? { targets: config.target } : {}),
    ...(flags.target?.length ? { targets: targetsFrom(flags.target) } : {}),
  });
  return {
    client: resolved.client,
    maxBytes,
    rules: config.rules ?? {},
    card,
    ...(path ? { configPath: path } : {}),
    ignore: config.ignore ?? [],
    policies: config.policies ?? [],
  };
}

/** The directory whose configuration applies to a file argument (a URL: the working directory). */
export function directoryOf(io: CliIO, target: string): string {
  return /^https?:\/\//i.test(target) ? io.cwd : dirname(resolve(io.cwd, target));
}

/**
 * Settings per file, for commands over many files: files under one configuration share one CommandSettings
 * object (read once), so callers can group them by identity.
 */
export function settingsPerFile(
  flags: Parameters<typeof commandSettings>[0],
  io: CliIO,
  files: readonly string[],
): { file: string; settings: CommandSettings }[] {
  if (flags.config !== undefined) {
    const one = commandSettings(flags, io);
    return files.map((file) => ({ file, settings: one }));
  }
  const byConfig = new Map<string, CommandSettings>();
  // Many files share a folder (1,000 lockfiles in one): each folder's walk up is done once, each file read once.
  const configOfDir = new Map<string, string>();
  return files.map((file) => {
    const dir = directoryOf(io, file);
    let path = configOfDir.get(dir);
    if (path === undefined) configOfDir.set(dir, (path = findConfigFrom(dir) ?? ''));
    let settings = byConfig.get(path);
    if (!settings)
      byConfig.set(path, (settings = settingsFrom(flags, path ? projectConfigOf(io, path) : { config: {} })));
    return { file, settings };
  });
}

function shownPath(io: CliIO, path: string): string {
  const rel = relative(io.cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** --target REGISTRY (repeatable or a comma list), else a usage error naming the registries there are. */
function targetsFrom(values: readonly string[]): string[] {
  const parsed = parseTargets(values);
  if (!parsed.ok) throw new UsageError(`--target: ${parsed.error}`);
  return parsed.targets;
}
