/**
 * What the editor does before a chat agent's call of one of our language-model tools runs: a call that may reach
 * the network is refused in Restricted Mode (with a message the model can pass on) and otherwise needs the user's
 * confirmation, which names what will be contacted; a call that reads workspace files only just runs. No `vscode`
 * import: the decision is tested on its own (test/mcp/lmToolGate.test.ts).
 */
import { mayUseNetwork } from '../../server/src/mcp/toolNetwork';
import { escapeControls } from '../../server/src/core/untrustedText';

export type ToolGate =
  | { kind: 'refuse'; message: string }
  | { kind: 'confirm'; title: string; message: string }
  | { kind: 'run'; invocation: string };

function shown(value: unknown): string {
  return typeof value === 'string' ? escapeControls(value).slice(0, 300) : '';
}

function target(input: unknown): string {
  const i = (input !== null && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  return shown(i.source ?? i.lockfile);
}

export function gateToolCall(tool: string, input: unknown, trusted: boolean): ToolGate {
  if (!mayUseNetwork(tool, input)) return { kind: 'run', invocation: `A2A: ${tool} on ${target(input) || 'the workspace'}` };
  if (!trusted) {
    return { kind: 'refuse', message: `${tool} would contact an agent over the network, which the A2A extension never does in Restricted Mode. Trust this workspace to use it, or give a card file of the workspace instead.` };
  }
  return {
    kind: 'confirm',
    title: `A2A: contact an agent (${tool})?`,
    message: `${tool} will fetch ${target(input)} (public, loopback and private addresses; never link-local or metadata). Card text it returns is quoted as untrusted data.`,
  };
}
