/** The protocol bindings the A2A specification defines (§5; AgentInterface.protocolBinding). Custom ones are URIs (§5.8). */
export const STANDARD_BINDINGS: readonly string[] = ['JSONRPC', 'GRPC', 'HTTP+JSON'];

const BY_LETTERS = new Map(STANDARD_BINDINGS.map((b) => [lettersOf(b), b]));

function lettersOf(binding: string): string {
  return binding.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The standard binding a value spells differently ("jsonrpc", "JSON-RPC", "http_json", "gRPC"), or undefined. Clients
 * compare bindings exactly, so such a value matches none of them.
 */
export function standardBindingSpelledAs(value: string): string | undefined {
  const standard = BY_LETTERS.get(lettersOf(value));
  return standard !== undefined && standard !== value ? standard : undefined;
}

/** An absolute URI (RFC 3986: a scheme, a colon and something after it), as §5.8 asks of a custom binding. */
export function isUri(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/.test(value);
}
