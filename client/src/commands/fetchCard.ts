import * as vscode from 'vscode';
import { FetchCardRequest, type FetchCardResponse } from '../../../server/src/protocol';
import type { ExtensionServices } from '../context';
import type { CommandFactory } from './index';
import { askAgentUrl, publicCard, storedCredential } from './liveShared';
import { showError, showInfo, showWarning } from '../notify';

/**
 * A2A: Fetch Agent Card / A2A: Fetch Extended Card. The language server fetches (address policy, size and
 * time limits, conditional requests), validates, verifies signatures and compiles; the card then opens in an
 * editor as an A2A agent card, so diagnostics, hovers and the Capabilities view show its profile. With
 * progress and cancellation. The extended card uses the credential stored for a scheme the card declares.
 */
function summary(r: FetchCardResponse): string {
  const parts = [`${r.status ?? 'fetched'}`, r.valid ? 'valid' : 'NOT valid'];
  if (r.signature) parts.push(`signature ${r.signature.outcome}`);
  if (r.profile) parts.push(r.profile.usable ? `usable (${r.profile.interface?.binding ?? '?'} ${r.profile.interface?.version ?? ''})` : 'unusable');
  if (r.extended) parts.push(`extended: ${r.extended.status}`);
  return parts.join(' · ');
}

async function run(services: ExtensionServices, extended: boolean, arg: unknown): Promise<void> {
  const title = extended ? 'A2A: Fetch Extended Card' : 'A2A: Fetch Agent Card';
  const url = await askAgentUrl(services, title, arg);
  if (!url) return;
  const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${title}: ${url}`, cancellable: true }, async (_progress, token) => {
    const client = services.client();
    if (!client?.isRunning()) return undefined;
    if (!extended) return client.sendRequest(FetchCardRequest.type, { url }, token);
    const pub = await publicCard(services, url, token);
    if (!pub || pub.error) return pub;
    const credential = await storedCredential(services, url, pub.credentialSchemes);
    if (!credential) {
      const choice = await showWarning(
        `A2A: no credential stored for ${url} (${pub.credentialSchemes.length ? `schemes: ${pub.credentialSchemes.join(', ')}` : 'the card declares no scheme a credential can be sent for'}).`,
        'Set Credential',
      );
      if (choice) void vscode.commands.executeCommand('a2a.setCredential', url);
      return undefined;
    }
    return client.sendRequest(FetchCardRequest.type, { url, extended: true, credential }, token);
  }).then((r) => r, (err: unknown) => {
    services.output.error(`${title} failed: ${String(err)}`);
    return undefined;
  });
  if (!result) return;
  if (result.error) {
    void showError(`A2A: ${result.error}`);
    return;
  }
  services.output.info(`${title}: ${result.url}: ${summary(result)}`);
  if (result.signature) services.output.info(`  signature: ${result.signature.detail}`);
  if (result.extended) services.output.info(`  extended card: ${result.extended.message}`);
  for (const f of result.findings.filter((x) => x.severity === 'error').slice(0, 20)) services.output.info(`  ${f.pointer || '/'}: ${f.message}`);
  if (result.text !== undefined) {
    const doc = await vscode.workspace.openTextDocument({ language: 'a2a-agent-card', content: prettyJson(result.text) });
    await vscode.window.showTextDocument(doc, { preview: false });
    services.refreshCapabilities();
  }
  void showInfo(`A2A: ${summary(result)}`);
}

function prettyJson(text: string): string {
  try { return `${JSON.stringify(JSON.parse(text), null, 2)}\n`; } catch { return text; }
}

export const fetchCard: CommandFactory = (services) => (arg?: unknown) => run(services, false, arg);
export const fetchExtendedCard: CommandFactory = (services) => (arg?: unknown) => run(services, true, arg);
