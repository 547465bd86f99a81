import * as vscode from 'vscode';
import { FetchCardRequest, type FetchCardResponse, type LiveCredential } from '../../../server/src/protocol';
import type { ExtensionServices } from '../context';
import { showWarning } from '../notify';

/**
 * Shared by the live-agent commands: which agent (argument, the last one used, or typed), and the stored
 * credential for a scheme its public card declares. Credentials live in SecretStorage only.
 */
const LAST_URL = 'a2a.live.lastUrl';

/** The input box that asks for an agent (here and in A2A: Pin Agent). */
export function agentUrlInput(title: string): vscode.InputBoxOptions {
  return {
    title,
    prompt: "The agent's base URL, its card URL, or a catalog reference CATALOG-URL#IDENTIFIER[@VERSION]",
    placeHolder: 'https://agent.example.com or …/.well-known/agent-card.json',
    ignoreFocusOut: true,
    validateInput: (v) => (/^https?:\/\/\S+$/i.test(v.trim()) ? undefined : 'an http(s) URL'),
  };
}

export async function askAgentUrl(
  services: ExtensionServices,
  title: string,
  arg: unknown,
): Promise<string | undefined> {
  if (typeof arg === 'string' && /^https?:\/\//i.test(arg)) return arg;
  const last = services.extension.workspaceState.get<string>(LAST_URL);
  const url = await vscode.window.showInputBox({ ...agentUrlInput(title), value: last ?? '' });
  if (!url) return undefined;
  await services.extension.workspaceState.update(LAST_URL, url.trim());
  return url.trim();
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The first stored credential among the bearer schemes the public card declares. */
export async function storedCredential(
  services: ExtensionServices,
  url: string,
  schemes: readonly string[],
): Promise<LiveCredential | undefined> {
  for (const scheme of schemes) {
    const token = await services.secrets.get(originOf(url), scheme);
    if (token) return { scheme, token };
  }
  return undefined;
}

/** The public card's declared bearer schemes (a conditional fetch in the server; cheap when unchanged). */
export async function publicCard(
  services: ExtensionServices,
  url: string,
  token?: vscode.CancellationToken,
): Promise<FetchCardResponse | undefined> {
  const client = services.client();
  if (!client?.isRunning()) {
    void showWarning('A2A: the language server is not running.');
    return undefined;
  }
  return client.sendRequest(FetchCardRequest.type, { url }, token);
}
