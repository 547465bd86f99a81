import * as vscode from 'vscode';
import { ProbeAgentRequest } from '../../../server/src/protocol';
import { failureText, probeOutputLines, probePick, shownUrl } from '../liveText';
import type { CommandFactory } from './types';
import { askAgentUrl, publicCard, storedCredential } from './liveShared';
import { showError } from '../notify';

/**
 * A2A: Probe Agent — the default probes (no message is sent): version, version negotiation, streaming, push,
 * extended card (with the stored credential when there is one). The server keeps the outcomes as evidence
 * for the agent, so the "A2A Capabilities" view of its card or lockfile shows claimed vs verified; the A2A
 * output keeps the full record and a list shows this run.
 */

/** The argument of "Run probes" after a lockfile check: the server reads the agent from the lockfile itself. */
function lockfileArg(arg: unknown): { agent: string; lockfile: string } | undefined {
  const a = arg as { agent?: unknown; lockfile?: unknown } | undefined;
  return typeof a?.agent === 'string' && typeof a.lockfile === 'string'
    ? { agent: a.agent, lockfile: a.lockfile }
    : undefined;
}

export const probeAgent: CommandFactory = (services) => async (arg?: unknown) => {
  const fromLockfile = lockfileArg(arg);
  const url = fromLockfile?.agent ?? (await askAgentUrl(services, 'A2A: Probe Agent', arg));
  if (!url) return;
  // The server answers redacted already (the credential sent, the URL's userinfo): shown as it is.
  const report = await vscode.window
    .withProgress(
      { location: vscode.ProgressLocation.Notification, title: `A2A: probing ${shownUrl(url)}`, cancellable: true },
      async (_p, token) => {
        const client = services.client();
        if (!client?.isRunning()) return undefined;
        // A lockfile's URL is repository content: no fetch as a user URL first, and no stored credential offered to it.
        if (fromLockfile)
          return client.sendRequest(ProbeAgentRequest.type, { url, lockfile: fromLockfile.lockfile }, token);
        const pub = await publicCard(services, url, token);
        const credential = pub && !pub.error ? await storedCredential(services, url, pub.credentialSchemes) : undefined;
        return client.sendRequest(ProbeAgentRequest.type, { url, ...(credential ? { credential } : {}) }, token);
      },
    )
    .then(
      (r) => r,
      (err: unknown) => {
        services.output.error(failureText('probe', err));
        return undefined;
      },
    );
  if (!report) return;
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
