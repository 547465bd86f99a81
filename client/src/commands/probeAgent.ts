import * as vscode from 'vscode';
import { ProbeAgentRequest } from '../../../server/src/protocol';
import type { CommandFactory } from './index';
import { askAgentUrl, publicCard, storedCredential } from './liveShared';
import { showError } from '../notify';

/**
 * A2A: Probe Agent — the default probes (no message is sent): version, version negotiation, streaming, push,
 * extended card (with the stored credential when there is one). The server keeps the outcomes as evidence
 * for the agent, so the "A2A Capabilities" view of its card or lockfile shows claimed vs verified; the A2A
 * output keeps the full record and a list shows this run.
 */
const ICONS: Record<string, string> = { verified: '$(check)', refuted: '$(error)', skipped: '$(circle-slash)', error: '$(warning)' };

export const probeAgent: CommandFactory = (services) => async (arg?: unknown) => {
  const url = await askAgentUrl(services, 'A2A: Probe Agent', arg);
  if (!url) return;
  const report = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `A2A: probing ${url}`, cancellable: true }, async (_p, token) => {
    const client = services.client();
    if (!client?.isRunning()) return undefined;
    const pub = await publicCard(services, url, token);
    const credential = pub && !pub.error ? await storedCredential(services, url, pub.credentialSchemes) : undefined;
    return client.sendRequest(ProbeAgentRequest.type, { url, ...(credential ? { credential } : {}) }, token);
  }).then((r) => r, (err: unknown) => { services.output.error(`probe failed: ${String(err)}`); return undefined; });
  if (!report) return;
  if (report.error) {
    void showError(`A2A: ${report.error}`);
    return;
  }
  // The tree of the active card or lockfile now has the outcomes in its Evidence section.
  services.refreshCapabilities();
  services.output.info(`Probe ${report.agent}:`);
  for (const r of report.results) services.output.info(`  ${r.outcome.toUpperCase().padEnd(8)} ${r.probe}: ${r.claim} — ${r.detail} (${r.at})`);
  const refuted = report.results.filter((r) => r.outcome === 'refuted').length;
  await vscode.window.showQuickPick(
    report.results.map((r) => ({ label: `${ICONS[r.outcome] ?? ''} ${r.probe}`, description: r.claim, detail: `${r.outcome}: ${r.detail}` })),
    { title: `A2A: ${report.agent}: ${refuted ? `${refuted} claim(s) refuted` : 'no claim refuted'}`, canPickMany: false, matchOnDetail: true },
  );
};
