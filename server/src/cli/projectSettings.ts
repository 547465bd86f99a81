/**
 * What a command runs with: command-line flags over the project configuration (`.a2a/config.json`, the nearest one
 * from the working directory, or `--config FILE`; core/config/projectConfig.ts) over the defaults. The editor reads
 * the same file (lsp/projectConfig.ts), so a lockfile pinned in the editor is checked in CI for the same client.
 */
import { parseBinding } from '../core/bindingSpec';
import { DEFAULT_MAX_CARD_BYTES } from '../core/lint';
import { DEFAULT_CLIENT, type BindingSupport, type ClientConfig, type SeveritySetting } from '../core/types';
import { loadProjectConfig, ProjectConfigError, type LoadedProjectConfig } from '../node/projectConfig';
import { CliIO, UsageError } from './io';

/** "JSONRPC@1.0" → {binding, version} (core/bindingSpec.ts); a malformed one is a usage error. */
export function bindingFlag(value: string): BindingSupport {
  const parsed = parseBinding(value);
  if (!parsed.ok) throw new UsageError(`--binding: ${parsed.error}`);
  return parsed.value;
}

/** --max-card-bytes N: a positive whole number of bytes, else a usage error. */
export function maxBytesFrom(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new UsageError(`--max-card-bytes expects a positive number of bytes (got ${JSON.stringify(value)})`);
  return Number(value);
}

/** The flag every command that compiles cards accepts. */
export const CONFIG_FLAG = { config: { type: 'string' } } as const;

export interface CommandSettings {
  client: ClientConfig;
  maxBytes: number;
  /** Rule severities of the project configuration (lint adds --rules and --rule over them). */
  rules: Record<string, SeveritySetting>;
  /** The configuration file read, if any. */
  configPath?: string;
}

/** The project configuration of this run; a file that cannot be read or is invalid is a usage error (exit 2). */
export function projectConfigOf(io: CliIO, explicit: string | undefined): LoadedProjectConfig {
  try {
    return loadProjectConfig(io.cwd, explicit);
  } catch (err) {
    if (err instanceof ProjectConfigError) throw new UsageError(err.message);
    throw err;
  }
}

/**
 * --binding (repeated) replaces the configured bindings, --known-extension (repeated) the configured extensions,
 * --max-card-bytes the configured limit; each falls back to the configuration, then to the default.
 */
export function commandSettings(
  flags: { binding?: readonly string[]; 'known-extension'?: readonly string[]; 'max-card-bytes'?: string; config?: string },
  io: CliIO,
): CommandSettings {
  const { path, config } = projectConfigOf(io, flags.config);
  const bindings = flags.binding?.length ? flags.binding.map(bindingFlag) : config.client?.bindings ?? DEFAULT_CLIENT.bindings;
  const knownExtensions = flags['known-extension']?.length ? [...flags['known-extension']] : config.client?.knownExtensions ?? DEFAULT_CLIENT.knownExtensions;
  const maxBytes = flags['max-card-bytes'] !== undefined ? maxBytesFrom(flags['max-card-bytes']) : config.maxCardBytes ?? DEFAULT_MAX_CARD_BYTES;
  return { client: { bindings, knownExtensions }, maxBytes, rules: config.rules ?? {}, ...(path ? { configPath: path } : {}) };
}
