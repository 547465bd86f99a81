import * as vscode from 'vscode';
import type { CapabilitiesResult } from '../../server/src/protocol';
import { LANGUAGE_IDS } from './languageClient';

/** The language status item next to the language mode: the one-line verdict of the active document. */
export class CapabilityStatus implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;

  constructor() {
    this.item = vscode.languages.createLanguageStatusItem(
      'a2a.status',
      LANGUAGE_IDS.map((language) => ({ language })),
    );
    this.item.name = 'A2A';
    this.item.text = 'A2A';
    this.item.command = { command: 'a2a.showOutput', title: 'Show A2A output' };
  }

  show(result: CapabilitiesResult | undefined): void {
    if (!result || result.kind === 'none') {
      this.item.text = 'A2A';
      this.item.detail = undefined;
      this.item.severity = vscode.LanguageStatusSeverity.Information;
      return;
    }
    // The summary can carry card text (a binding name): keep `$(icon)` syntax from being interpreted.
    this.item.text = `A2A: ${result.summary.replace(/\$\(/g, '$\u200b(')}`;
    this.item.detail =
      result.kind === 'card'
        ? 'compiled profile of this card'
        : result.kind === 'catalog'
          ? 'entries of this catalog'
          : 'lockfile check';
    this.item.severity =
      result.severity === 'error'
        ? vscode.LanguageStatusSeverity.Error
        : result.severity === 'warning'
          ? vscode.LanguageStatusSeverity.Warning
          : vscode.LanguageStatusSeverity.Information;
  }

  dispose(): void {
    this.item.dispose();
  }
}
