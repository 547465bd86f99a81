/**
 * The language-model tools the extension contributes (package.json contributes.languageModelTools): a2a_profile,
 * a2a_how_to_call, a2a_check_lockfile and a2a_discover, for chat agents working on the workspace's cards, lockfiles
 * and catalogs. Each call is gated here (lmToolGate.ts: network calls need confirmation and are off in Restricted
 * Mode), then answered by the language server, which runs the same tool functions as `a2acap mcp`
 * (server/src/lsp/languageModelTools.ts).
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { EDITOR_TOOL_NAMES, LanguageModelToolGateRequest, LanguageModelToolRequest } from '../../server/src/protocol';
import { UNKNOWN_CALL, gateToolCall, type ToolGate } from './lmToolGate';

/** The gate for one call, with the facts the server gives (UNKNOWN_CALL when it cannot answer: the strict gate). */
async function gateFor(
  name: string,
  input: unknown,
  client: LanguageClient | undefined,
  token: vscode.CancellationToken,
): Promise<ToolGate> {
  let call = UNKNOWN_CALL;
  if (client?.isRunning()) {
    try {
      call = await client.sendRequest(LanguageModelToolGateRequest.type, { tool: name, input }, token);
    } catch {
      call = UNKNOWN_CALL;
    }
  }
  return gateToolCall(name, call, vscode.workspace.isTrusted);
}

function tool(name: string, client: () => LanguageClient | undefined): vscode.LanguageModelTool<unknown> {
  return {
    async prepareInvocation(options, token) {
      const gate = await gateFor(name, options.input, client(), token);
      if (gate.kind === 'confirm')
        return {
          invocationMessage: `A2A: ${name}`,
          confirmationMessages: { title: gate.title, message: new vscode.MarkdownString().appendText(gate.message) },
        };
      return { invocationMessage: gate.kind === 'run' ? gate.invocation : `A2A: ${name} (refused in Restricted Mode)` };
    },
    async invoke(options, token) {
      const gate = await gateFor(name, options.input, client(), token);
      // Thrown errors reach the model as the tool's answer: it can tell the user why.
      if (gate.kind === 'refuse') throw new Error(gate.message);
      const c = client();
      if (!c?.isRunning()) throw new Error('the A2A language server is not running');
      const result = await c.sendRequest(LanguageModelToolRequest.type, { tool: name, input: options.input }, token);
      if (!result.ok) throw new Error(result.message);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.text)]);
    },
  };
}

export function registerLanguageModelTools(client: () => LanguageClient | undefined): vscode.Disposable[] {
  return EDITOR_TOOL_NAMES.map((name) => vscode.lm.registerTool(name, tool(name, client)));
}
