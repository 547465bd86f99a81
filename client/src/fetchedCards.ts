import * as vscode from 'vscode';
import type { ExtensionServices } from './context';
import { FETCHED_SCHEME, fetchedCardPath } from './fetchedCardPath';

/** The text of the fetched cards still open, by document URI; dropped when the document closes. */
class FetchedCards implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private counter = 0;

  constructor(subscriptions: vscode.Disposable[]) {
    subscriptions.push(
      vscode.workspace.registerTextDocumentContentProvider(FETCHED_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((doc) => this.contents.delete(doc.uri.toString())),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  async open(url: string, text: string): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.from({ scheme: FETCHED_SCHEME, path: fetchedCardPath(url, ++this.counter) });
    this.contents.set(uri.toString(), text);
    const doc = await vscode.workspace.openTextDocument(uri);
    return doc.languageId === 'a2a-agent-card' ? doc : vscode.languages.setTextDocumentLanguage(doc, 'a2a-agent-card');
  }
}

// Fetch Agent Card and Fetch Extended Card share one provider per extension activation.
const providers = new WeakMap<vscode.ExtensionContext, FetchedCards>();

/** Opens a fetched card's text as a read-only document of the agent card language. */
export function openFetchedCard(services: ExtensionServices, url: string, text: string): Promise<vscode.TextDocument> {
  let cards = providers.get(services.extension);
  if (!cards) {
    cards = new FetchedCards(services.extension.subscriptions);
    providers.set(services.extension, cards);
  }
  return cards.open(url, text);
}
