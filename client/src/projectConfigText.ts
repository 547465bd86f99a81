/**
 * The text of a new `.a2a/config.json` (server/src/core/config/projectConfig.ts) from a folder's `a2a.*` settings:
 * the client written out explicitly (that is what CI must share), rules only when some are set, the size limit
 * only when it is not the default. vscode-free, so it is tested without the editor.
 */
export interface SettingsForConfig {
  bindings: readonly string[];
  knownExtensions: readonly string[];
  rules: Readonly<Record<string, string>>;
  maxCardBytes: number;
}

const DEFAULT_MAX_CARD_BYTES = 1048576;

export function projectConfigText(s: SettingsForConfig): string {
  const config: Record<string, unknown> = {
    client: { bindings: [...s.bindings], knownExtensions: [...s.knownExtensions] },
  };
  if (Object.keys(s.rules).length > 0)
    config.rules = Object.fromEntries(
      Object.keys(s.rules)
        .sort()
        .map((id) => [id, s.rules[id]]),
    );
  if (s.maxCardBytes !== DEFAULT_MAX_CARD_BYTES) config.maxCardBytes = s.maxCardBytes;
  return `${JSON.stringify(config, null, 2)}\n`;
}
