/**
 * The project configuration (.a2a/config.json, core/config/projectConfig.ts) in the editor: the same file the CLI
 * reads, found from the document's directory upwards (from the first workspace folder for requests that are not
 * about one document). Values the user set in the editor's settings win where they differ from the defaults; the
 * file gives the rest. A file that cannot be read or is invalid is said once (warning + log) and not used until
 * it is fixed; a change to any .a2a/config.json drops what was read (lsp/startServer.ts).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProjectConfig } from '../core/config/projectConfig';
import { DEFAULT_SETTINGS, type A2ASettings } from '../protocol';
import { findConfigFrom, ProjectConfigError, readProjectConfigFile } from '../node/projectConfig';

export class ProjectConfigs {
  /** Directory → the configuration file that applies to it (undefined: none). */
  private readonly fileOf = new Map<string, string | undefined>();
  private readonly configs = new Map<string, ProjectConfig>();
  private readonly said = new Set<string>();
  /** Files that could not be read or are invalid (used as {} until fixed), with why. */
  private readonly invalid = new Map<string, string>();

  constructor(
    private readonly warn: (message: string) => void,
    private readonly folders: () => readonly string[],
  ) {}

  /** The configuration for a document (or, for '', for the first workspace folder); {} when there is none or it is invalid. */
  forUri(uri: string): ProjectConfig {
    const dir = uri === '' ? this.folders()[0] : directoryOf(uri);
    if (dir === undefined) return {};
    let file = this.fileOf.get(dir);
    if (!this.fileOf.has(dir)) this.fileOf.set(dir, (file = findConfigFrom(dir)));
    return file === undefined ? {} : this.read(file);
  }

  /** The configuration for a document and the file it comes from (no path: none applies, or it is invalid). */
  locate(uri: string): { path?: string; config: ProjectConfig; invalid?: { path: string; reason: string } } {
    const dir = directoryOf(uri);
    if (dir === undefined) return { config: {} };
    if (!this.fileOf.has(dir)) this.fileOf.set(dir, findConfigFrom(dir));
    const file = this.fileOf.get(dir);
    if (file === undefined) return { config: {} };
    const config = this.read(file);
    const invalid = this.invalid.get(file);
    return invalid === undefined ? { path: file, config } : { config, invalid: { path: file, reason: invalid } };
  }

  invalidate(): void {
    this.invalid.clear();
    this.fileOf.clear();
    this.configs.clear();
  }

  private read(file: string): ProjectConfig {
    let config = this.configs.get(file);
    if (config) return config;
    try {
      config = readProjectConfigFile(file);
    } catch (err) {
      const message = `${err instanceof Error ? err.message : String(err)}. It is not used until it is fixed.`;
      if (!this.said.has(message)) {
        this.said.add(message);
        this.warn(message);
      }
      config = {};
      this.invalid.set(file, err instanceof ProjectConfigError ? err.reason : String(err));
    }
    this.configs.set(file, config);
    return config;
  }
}

function directoryOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return dirname(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

/**
 * Editor settings over the project configuration: a setting still at its default gives way to the file; one the
 * user changed wins. Rules merge per rule id (the settings' win).
 */
export function withProjectConfig(settings: A2ASettings, config: ProjectConfig): A2ASettings {
  if (!config.client && !config.rules && config.maxCardBytes === undefined && !config.card) return settings;
  const d = DEFAULT_SETTINGS;
  const atDefault = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((x, i) => x === b[i]);
  const bindings =
    config.client?.bindings && atDefault(settings.client.bindings, d.client.bindings)
      ? config.client.bindings.map((b) => `${b.binding}@${b.version}`)
      : settings.client.bindings;
  const knownExtensions =
    config.client?.knownExtensions && settings.client.knownExtensions.length === 0
      ? config.client.knownExtensions
      : settings.client.knownExtensions;
  return {
    ...settings,
    client: { bindings, knownExtensions },
    rules: { ...config.rules, ...settings.rules },
    maxCardBytes:
      config.maxCardBytes !== undefined && settings.maxCardBytes === d.maxCardBytes
        ? config.maxCardBytes
        : settings.maxCardBytes,
    card: withCardConfig(settings.card, config.card, config.target),
  };
}

/** Each card setting still at its default gives way to the file's value. */
function withCardConfig(
  card: A2ASettings['card'],
  config: ProjectConfig['card'],
  target: ProjectConfig['target'],
): A2ASettings['card'] {
  const d = DEFAULT_SETTINGS.card;
  const pick = <T>(mine: T, theirs: T | undefined, dflt: T): T =>
    theirs !== undefined && mine === dflt ? theirs : mine;
  const minLength = pick(
    card.skillDescription.minLength,
    config?.skillDescription?.minLength,
    d.skillDescription.minLength,
  );
  const maxLength = pick(
    card.skillDescription.maxLength,
    config?.skillDescription?.maxLength,
    d.skillDescription.maxLength,
  );
  return {
    internalOnly: pick(card.internalOnly, config?.internalOnly, d.internalOnly),
    skillDescription: { minLength, maxLength: maxLength >= minLength ? maxLength : d.skillDescription.maxLength },
    // The registries the cards are published to: a project's decision, only in the configuration file.
    ...(target?.length ? { targets: target } : {}),
  };
}
