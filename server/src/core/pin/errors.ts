/**
 * What a PinError's message quoted from the card, kept apart: an output that must not put card text in its own
 * words (the MCP tools: a model reads the error line) shows `ours` and hands the card's values on as data.
 */
export interface PinErrorParts {
  /** The message without any card text. */
  ours: string;
  /** The card's values the message listed (skill ids, media types) and what they are, e.g. "skills". */
  offered?: { what: string; values: readonly string[] };
  /** Card text the message quoted (the reason the agent is unusable). */
  cardText?: string;
}

/** A selection that cannot be pinned (unknown skill, unusable agent…). The message is one line for the user. */
export class PinError extends Error {
  constructor(
    message: string,
    readonly parts?: PinErrorParts,
  ) {
    super(message);
    this.name = 'PinError';
  }
}
