import * as vscode from 'vscode';
import { FetchCardRequest } from '../../../server/src/protocol';
import { failureText, fetchOutputLines, fetchSummary, shownUrl } from '../liveText';
import type { ExtensionServices } from '../context';
import type { CommandFactory } from './types';
import { askAgentUrl, publicCard, storedCredential } from './liveShared';
import { showError, showInfo, showWarning } from '../notify';
import { openFetchedCard } from '../fetchedCards';

/**
 * A2A: Fetch Agent Card / A2A: Fetch Extended Card. The language server fetches (address policy, size and
 * time limits, conditional requests), validates, verifies signatures and compiles; the card then opens in a
 * read-only editor as an A2A agent card, so diagnostics, hovers and the Capabilities view show its profile. With
 * progress and cancellation. The extended card uses the credential stored for a scheme the card declares.
 */
async function run(services: ExtensionServices, extended: boolean, arg: unknown): Promise<void> {
  const title = extended ? 'A2A: Fetch Extended Card' : 'A2A: Fetch Agent Card';
  const url = await askAgentUrl(services, title, arg);
  if (!url) return;
  // The server answers redacted already (the credential sent, the URL's userinfo): shown and opened as it is.
  const result = await vscode.window
    .withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${title}: ${shownUrl(url)}`, cancellable: true },
      async (_progress, token) => {
        const client = services.client();
        if (!client?.isRunning()) return undefined;
        if (!extended) return client.sendRequest(FetchCardRequest.type, { url }, token);
        const pub = await publicCard(services, url, token);
        if (!pub || pub.error) return pub;
        const credential = await storedCredential(services, url, pub.credentialSchemes);
        if (!credential) {
          const choice = await showWarning(
            `A2A: no credential stored for ${shownUrl(url)} (${pub.credentialSchemes.length ? `schemes: ${pub.credentialSchemes.join(', ')}` : 'the card declares no scheme a credential can be sent for'}).`,
            'Set Credential',
          );
          if (choice) void vscode.commands.executeCommand('a2a.setCredential', url);
          return undefined;
        }
        return client.sendRequest(FetchCardRequest.type, { url, extended: true, credential }, token);
      },
    )
    .then(
      (r) => r,
      (err: unknown) => {
        services.output.error(failureText(title, err));
        return undefined;
      },
    );
  if (!result) return;
  if (result.error) {
    void showError(`A2A: ${result.error}`);
    return;
  }
  for (const line of fetchOutputLines(title, result)) services.output.info(line);
  if (result.text !== undefined) {
    const doc = await openFetchedCard(services, url, prettyJson(result.text));
    await vscode.window.showTextDocument(doc, { preview: false });
    services.refreshCapabilities();
  }
  void showInfo(`A2A: ${fetchSummary(result)}`);
}

function prettyJson(text: string): string {
  try {
    return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  } catch {
    return text;
  }
}

export const fetchCard: CommandFactory = (services) => (arg?: unknown) => run(services, false, arg);
export const fetchExtendedCard: CommandFactory = (services) => (arg?: unknown) => run(services, true, arg);
