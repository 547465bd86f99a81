/**
 * A failure a tool reports to the model: an MCP tool error (`isError: true`) with one line of text. Everything else
 * a tool throws becomes a ToolError too (see server.ts), so a model never sees a stack trace.
 */
export class ToolError extends Error {
  /**
   * @param message one line of our own words (never text an agent chose);
   * @param agentText what the agent said (a redirect target, a media type…), answered only inside `untrusted`;
   * @param agentData values the card chose that the error is about (the skill ids it offers…), listed there too.
   */
  constructor(
    message: string,
    readonly agentText?: string,
    readonly agentData?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** The first line of any thrown value's message. */
export function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0] ?? '';
}
