import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import {
  AddToClientSettingCommand,
  SetBooleanSettingCommand,
  type AddToClientSettingArgs,
  type SetBooleanSettingArgs,
} from '../../protocol';

const MAX_OFFERS = 3;

/**
 * Fixes that belong in the settings, not in the card: "my client does implement this extension / this binding"
 * (the client command appends the value to the setting), "these cards are served only inside our network" (the
 * client command sets the boolean in the settings of the document's workspace folder). `uri` is the document's.
 */
export function settingActions(d: Diagnostic, fix: Record<string, unknown> | undefined, uri: string): CodeAction[] {
  if (d.code === 'internal-address') {
    // Offered in Restricted Mode too: the server honours a2a.card.internalOnly there (it protects no reader).
    const args: SetBooleanSettingArgs = ['card.internalOnly', true, uri];
    return [commandAction(d, INTERNAL_ONLY_TITLE, SetBooleanSettingCommand.id, args)];
  }
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

export const INTERNAL_ONLY_TITLE = 'These cards are served only inside our network: set a2a.card.internalOnly';

function action(d: Diagnostic, title: string, ...args: AddToClientSettingArgs): CodeAction {
  return commandAction(d, title, AddToClientSettingCommand.id, args);
}

function commandAction(d: Diagnostic, title: string, command: string, args: unknown[]): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [d], command: { title, command, arguments: args } };
}

function short(s: string): string {
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}
