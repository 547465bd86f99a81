/**
 * Which tool calls may reach the network, by tool name and input. Dependency-free, so the editor's client asks
 * for confirmation (and refuses in Restricted Mode) with the very rule the tool table uses.
 */
const isUrl = (value: unknown): boolean => typeof value === 'string' && /^https?:\/\//i.test(value.trim());

function field(input: unknown, name: string): unknown {
  return input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[name] : undefined;
}

export const MAY_USE_NETWORK: Readonly<Record<string, (input: unknown) => boolean>> = {
  a2a_profile: (input) => isUrl(field(input, 'source')),
  a2a_how_to_call: (input) => isUrl(field(input, 'source')),
  a2a_check_lockfile: (input) => field(input, 'live') === true,
  a2a_lockfiles: () => false,
  a2a_pin: (input) => isUrl(field(input, 'source')),
};

export function mayUseNetwork(tool: string, input: unknown): boolean {
  return Object.prototype.hasOwnProperty.call(MAY_USE_NETWORK, tool) ? MAY_USE_NETWORK[tool]!(input) : true;
}
