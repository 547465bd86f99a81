/**
 * Which tool calls may reach the network, by tool name and input: the rule the tool table uses, and what the
 * editor's gate is told (over LanguageModelToolGateRequest) before it asks for confirmation or refuses in
 * Restricted Mode.
 */
import { escapeControls } from '../app/text';

const isUrl = (value: unknown): boolean => typeof value === 'string' && /^https?:\/\//i.test(value.trim());

const isJsonPath = (value: unknown): boolean => typeof value === 'string' && /\.json$/i.test(value.trim());

function field(input: unknown, name: string): unknown {
  return input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[name] : undefined;
}

export const MAY_USE_NETWORK: Readonly<Record<string, (input: unknown) => boolean>> = {
  a2a_profile: (input) => isUrl(field(input, 'source')),
  a2a_how_to_call: (input) => isUrl(field(input, 'source')),
  a2a_check_lockfile: (input) => field(input, 'live') === true,
  a2a_lockfiles: () => false,
  a2a_pin: (input) => isUrl(field(input, 'source')),
  // A domain is fetched as a URL is; only a file (a path ending in .json) stays in the workspace.
  a2a_discover: (input) => isUrl(field(input, 'source')) || !isJsonPath(field(input, 'source')),
};

export function mayUseNetwork(tool: string, input: unknown): boolean {
  const rule = Object.prototype.hasOwnProperty.call(MAY_USE_NETWORK, tool) ? MAY_USE_NETWORK[tool] : undefined;
  return rule ? rule(input) : true;
}

function shown(value: unknown): string {
  return typeof value === 'string' ? escapeControls(value).slice(0, 300) : '';
}

/** The gate's facts for one call: may it use the network, and the source or lockfile it names, shown safely. */
export function toolCallGate(tool: string, input: unknown): { network: boolean; target: string } {
  return { network: mayUseNetwork(tool, input), target: shown(field(input, 'source') ?? field(input, 'lockfile')) };
}
