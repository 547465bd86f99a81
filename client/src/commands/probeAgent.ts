import * as vscode from 'vscode';
import { ProbeAgentRequest, type LiveCredential } from '../../../server/src/protocol';
import { failureText, liveRedactor, probeOutputLines, probePick, redactedResponse } from '../liveText';
import { withoutUserinfo } from '../../../server/src/core/redact';
import type { CommandFactory } from './types';
import { askAgentUrl, publicCard, storedCredential } from './liveShared';
import { showError } from '../notify';

/**
 * A2A: Probe Agent — the default probes (no message is sent): version, version negotiation, streaming, push,
 * extended card (with the stored credential when there is one). The server keeps the outcomes as evidence
 * for the agent, so the "A2A Capabilities" view of its card or lockfile shows claimed vs verified; the A2A
 * output keeps the full record and a list shows this run.
 */

export const probeAgent: CommandFactory = (services) => async (arg?: unknown) => {
  const url = await askAgentUrl(services, 'A2A: Probe Agent', arg);
  if (!url) return;
  let sent: LiveCredential | undefined;
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `A2A: probing ${withoutUserinfo(url)}`, cancellable: true }, async (_p, token) => {
    const client = services.client();
    if (!client?.isRunning()) return undefined;
    const pub = await publicCard(services, url, token);
    const credential = pub && !pub.error ? await storedCredential(services, url, pub.credentialSchemes) : undefined;
    sent = credential;
    return client.sendRequest(ProbeAgentRequest.type, { url, ...(credential ? { credential } : {}) }, token);
  }).then((r) => r, (err: unknown) => { services.output.error(failureText('probe', err, liveRedactor(url, sent))); return undefined; });
  if (!answer) return;
  // Everything shown from here on (notification, output, the list) is redacted with the credential sent.
  const report = redactedResponse(answer, liveRedactor(url, sent));
  if (report.error) {
    void showError(`A2A: ${report.error}`);
    return;
  }
  // The tree of the active card or lockfile now has the outcomes in its Evidence section.
  services.refreshCapabilities();
  for (const line of probeOutputLines(report)) services.output.info(line);
  const pick = probePick(report);
  await vscode.window.showQuickPick(pick.items, { title: pick.title, canPickMany: false, matchOnDetail: true });
};
