/**
 * What the editor does before a chat agent's call of one of our language-model tools runs: a call that may reach
 * the network is refused in Restricted Mode (with a message the model can pass on) and otherwise needs the user's
 * confirmation, which names what will be contacted; a call that reads workspace files only just runs. Whether a
 * call may use the network, and its target as text safe to show, come from the language server
 * (LanguageModelToolGateRequest), which applies the tool table's own rule. No `vscode` import: the decision is
 * tested on its own (test/mcp/editorTools.test.ts).
 */
import type { LanguageModelToolGateResult } from '../../server/src/protocol';

export type ToolGate =
  | { kind: 'refuse'; message: string }
  | { kind: 'confirm'; title: string; message: string }
  | { kind: 'run'; invocation: string };

/** When the server cannot be asked: the call is treated as one that may reach the network, naming nothing. */
export const UNKNOWN_CALL: LanguageModelToolGateResult = { network: true, target: '' };

export function gateToolCall(tool: string, call: LanguageModelToolGateResult, trusted: boolean): ToolGate {
  if (!call.network) return { kind: 'run', invocation: `A2A: ${tool} on ${call.target || 'the workspace'}` };
  if (!trusted) {
    return {
      kind: 'refuse',
      message: `${tool} would contact an agent over the network, which the A2A extension never does in Restricted Mode. Trust this workspace to use it, or give a card file of the workspace instead.`,
    };
  }
  return {
    kind: 'confirm',
    title: `A2A: contact an agent (${tool})?`,
    message: `${tool} will fetch ${call.target} (public, loopback and private addresses; never link-local or metadata). Card text it returns is quoted as untrusted data.`,
  };
}
