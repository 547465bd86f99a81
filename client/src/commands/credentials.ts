import * as vscode from 'vscode';
import type { CommandFactory } from './types';
import { askAgentUrl, originOf, publicCard } from './liveShared';
import { showInfo } from '../notify';
import { credentialInputProblem } from '../liveText';

/**
 * A2A: Set Credential / A2A: Clear Credential — a credential (a bearer token, or an API key for a scheme that takes one in
 * a header or cookie) per agent (origin) and security scheme, kept
 * in SecretStorage only (never settings, never the server's state, never the output). The scheme list comes
 * from the agent's public card when it can be fetched.
 */
async function pickScheme(services: Parameters<CommandFactory>[0], url: string): Promise<string | undefined> {
  const pub = services.isTrusted()
    ? await publicCard(services, url).then(
        (r) => r,
        () => undefined,
      )
    : undefined;
  const schemes = pub && !pub.error ? pub.credentialSchemes : [];
  if (schemes.length === 1) return schemes[0];
  if (schemes.length > 1)
    return (
      (await vscode.window.showQuickPick(schemes, {
        title: 'Security scheme (declared by the agent card)',
        ignoreFocusOut: true,
      })) ?? undefined
    );
  return vscode.window.showInputBox({
    title: 'Security scheme name',
    prompt: "The name of the scheme in the card's securitySchemes",
    value: 'bearer',
    ignoreFocusOut: true,
  });
}

export const setCredential: CommandFactory = (services) => async (arg?: unknown) => {
  const url = await askAgentUrl(services, 'A2A: Set Credential', arg);
  if (!url) return;
  const scheme = await pickScheme(services, url);
  if (!scheme) return;
  const token = await vscode.window.showInputBox({
    title: `Credential for ${originOf(url)} (${scheme}): a bearer token or an API key, as the scheme takes`,
    password: true,
    ignoreFocusOut: true,
    prompt: 'Stored in VS Code SecretStorage',
    validateInput: credentialInputProblem,
  });
  if (!token) return;
  await services.secrets.set(originOf(url), scheme, token.trim());
  void showInfo(`A2A: credential stored for ${originOf(url)} (${scheme}).`);
};

export const clearCredential: CommandFactory = (services) => async (arg?: unknown) => {
  const url = await askAgentUrl(services, 'A2A: Clear Credential', arg);
  if (!url) return;
  const scheme = await pickScheme(services, url);
  if (!scheme) return;
  await services.secrets.clear(originOf(url), scheme);
  void showInfo(`A2A: credential cleared for ${originOf(url)} (${scheme}).`);
};
