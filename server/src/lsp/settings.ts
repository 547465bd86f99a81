import type { Connection } from 'vscode-languageserver';
import { DEFAULT_SETTINGS, type A2ASettings } from '../protocol';
import { isObject } from '../core/document';
import type { BindingSupport, ClientConfig, LintSettings, SeveritySetting } from '../core/types';

const SEVERITIES = new Set<SeveritySetting>(['error', 'warning', 'info', 'hint', 'off']);
const INTERVALS = new Set(['off', 'hourly', 'daily']);

/**
 * Settings pulled per document from the client (workspace/configuration, section `a2a`), cached per
 * uri and dropped on didChangeConfiguration. A client without the configuration capability gets defaults.
 */
export class SettingsCache {
  private readonly cache = new Map<string, Promise<A2ASettings>>();
  /** Settings a client without workspace/configuration pushed in didChangeConfiguration ({a2a: …}). */
  private pushed: A2ASettings = DEFAULT_SETTINGS;

  constructor(private readonly connection: Connection, private readonly canPull: () => boolean) {}

  get(uri: string): Promise<A2ASettings> {
    let s = this.cache.get(uri);
    if (!s) {
      s = this.canPull()
        ? this.connection.workspace.getConfiguration({ scopeUri: uri, section: 'a2a' }).then(normalizeSettings, () => DEFAULT_SETTINGS)
        : Promise.resolve(this.pushed);
      this.cache.set(uri, s);
    }
    return s;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  /** Drops every cached value; `pushed` is the `settings` of didChangeConfiguration (used when settings cannot be pulled). */
  clear(pushed?: unknown): void {
    this.cache.clear();
    const section = pushed !== null && typeof pushed === 'object' ? (pushed as Record<string, unknown>).a2a : undefined;
    if (section !== undefined) this.pushed = normalizeSettings(section);
  }
}

/** Whatever the client sent (possibly partial, possibly malformed) → complete, typed settings. */
export function normalizeSettings(raw: unknown): A2ASettings {
  const r = asObject(raw);
  const d = DEFAULT_SETTINGS;
  const client = asObject(r.client);
  const files = asObject(r.files);
  const rules: Record<string, SeveritySetting> = {};
  for (const [id, sev] of Object.entries(asObject(r.rules))) {
    if (typeof sev === 'string' && SEVERITIES.has(sev as SeveritySetting)) rules[id] = sev as SeveritySetting;
  }
  const interval = asObject(r.lockfiles).checkInterval;
  const trustStore: Record<string, string> = {};
  for (const [k, v] of Object.entries(asObject(r.trustStore))) if (typeof v === 'string') trustStore[k] = v;
  return {
    client: {
      bindings: stringArray(client.bindings) ?? d.client.bindings,
      knownExtensions: stringArray(client.knownExtensions) ?? d.client.knownExtensions,
    },
    rules,
    maxCardBytes: typeof r.maxCardBytes === 'number' && r.maxCardBytes > 0 ? r.maxCardBytes : d.maxCardBytes,
    files: {
      agentCards: stringArray(files.agentCards) ?? d.files.agentCards,
      lockfiles: stringArray(files.lockfiles) ?? d.files.lockfiles,
    },
    network: { allowedHosts: stringArray(asObject(r.network).allowedHosts) ?? d.network.allowedHosts },
    lockfiles: { checkInterval: typeof interval === 'string' && INTERVALS.has(interval) ? (interval as A2ASettings['lockfiles']['checkInterval']) : d.lockfiles.checkInterval },
    signatures: { require: asObject(r.signatures).require === true },
    trustStore,
    // Fail closed: only an explicit `true` from the client allows network access.
    workspaceTrusted: r.workspaceTrusted === true,
  };
}

/** "JSONRPC@1.0" → {binding, version}; malformed entries are skipped. */
export function parseBindings(list: string[]): BindingSupport[] {
  const out: BindingSupport[] = [];
  for (const entry of list) {
    const at = entry.lastIndexOf('@');
    if (at <= 0 || at === entry.length - 1) continue;
    out.push({ binding: entry.slice(0, at).trim(), version: entry.slice(at + 1).trim() });
  }
  return out;
}

/** The client the settings describe (a2a.client.*), as the core's profile compiler and fetchers take it. */
export function clientConfig(s: A2ASettings): ClientConfig {
  return { bindings: parseBindings(s.client.bindings), knownExtensions: s.client.knownExtensions };
}

export function toLintSettings(s: A2ASettings): Partial<LintSettings> {
  return { severities: s.rules, maxCardBytes: s.maxCardBytes, client: clientConfig(s) };
}

function asObject(v: unknown): Record<string, unknown> {
  return isObject(v) ? v : {};
}

function stringArray(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
}
