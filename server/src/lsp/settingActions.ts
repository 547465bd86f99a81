import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { AddToClientSettingCommand, type AddToClientSettingArgs } from '../protocol';

const MAX_OFFERS = 3;

/**
 * Fixes that belong in the user's client settings, not in the card: "my client does implement this
 * extension / this binding". They run the client command that appends the value to the setting.
 */
export function settingActions(d: Diagnostic, fix: Record<string, unknown> | undefined): CodeAction[] {
  if (!fix) return [];
  if (d.code === 'required-extension-unsupported' && typeof fix.uri === 'string' && fix.uri !== '') {
    return [
      action(
        d,
        `My client implements ${short(fix.uri)}: add it to a2a.client.knownExtensions`,
        'client.knownExtensions',
        fix.uri,
      ),
    ];
  }
  if (d.code === 'no-supported-interface' && Array.isArray(fix.offered)) {
    // The fix data comes back from the client with the diagnostic: anything may be in it.
    const offers = (fix.offered as ({ binding?: unknown; version?: unknown } | null)[])
      .filter((o): o is { binding?: unknown; version?: unknown } => typeof o === 'object' && o !== null)
      .filter(
        (o) =>
          typeof o.binding === 'string' &&
          o.binding !== '' &&
          typeof o.version === 'string' &&
          /^\d+\.\d+$/.test(o.version),
      )
      .map((o) => `${o.binding as string}@${o.version as string}`);
    return [...new Set(offers)]
      .slice(0, MAX_OFFERS)
      .map((b) => action(d, `My client speaks ${short(b)}: add it to a2a.client.bindings`, 'client.bindings', b));
  }
  return [];
}

function action(d: Diagnostic, title: string, ...args: AddToClientSettingArgs): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    command: { title, command: AddToClientSettingCommand.id, arguments: args },
  };
}

function short(s: string): string {
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}
