import type { Connection } from 'vscode-languageserver';
import { DEFAULT_SETTINGS, type A2ASettings } from '../protocol';
import type { ProjectConfig } from '../core/config/projectConfig';
import { forTrust, normalizeSettings, parseBindings } from '../app/document/settings';
import { withProjectConfig } from './projectConfig';

/**
 * Settings pulled per document from the client (workspace/configuration, section `a2a`), cached per
 * uri and dropped on didChangeConfiguration. A client without the configuration capability gets defaults.
 */
export class SettingsCache {
  private readonly cache = new Map<string, Promise<A2ASettings>>();
  /** Settings a client without workspace/configuration pushed in didChangeConfiguration ({a2a: …}). */
  private pushed: A2ASettings = DEFAULT_SETTINGS;
  /** Bad a2a.client.bindings entries already reported: each is logged once per server, not on every pull. */
  private readonly reported = new Set<string>();

  /** `project`: the project configuration for a document (lsp/projectConfig.ts); the settings are laid over it. */
  constructor(
    private readonly connection: Connection,
    private readonly canPull: () => boolean,
    private readonly project: (uri: string) => ProjectConfig = () => ({}),
  ) {}

  get(uri: string): Promise<A2ASettings> {
    let s = this.cache.get(uri);
    if (!s) {
      const own = this.canPull()
        ? this.connection.workspace.getConfiguration({ scopeUri: uri, section: 'a2a' }).then(
            (raw) => this.checked(normalizeSettings(raw)),
            () => DEFAULT_SETTINGS,
          )
        : Promise.resolve(this.pushed);
      s = own.then((settings) => forTrust(withProjectConfig(settings, this.project(uri))));
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
    if (section !== undefined) this.pushed = this.checked(normalizeSettings(section));
  }

  /** Settings are used as they are (a bad binding is skipped); what was skipped is told once, in the server log. */
  private checked(settings: A2ASettings): A2ASettings {
    parseBindings(settings.client.bindings, (entry, error) => {
      if (this.reported.has(entry)) return;
      this.reported.add(entry);
      this.connection.console.warn(`a2a.client.bindings: ${error}; the entry is ignored`);
    });
    return settings;
  }
}
