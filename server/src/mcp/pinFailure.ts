/**
 * A selection the card cannot satisfy (core/pin/errors.ts), as a tool error: the line is our words only; the card's
 * values it is about (the skills the card offers, the media types a skill accepts) or its words (why the agent is
 * unusable) go under `untrusted`, listed and clipped.
 */
import type { PinError } from '../core/pin/errors';
import { listedValues } from './envelope';
import { ToolError } from './toolError';

export function pinFailure(err: PinError): ToolError {
  const parts = err.parts;
  if (!parts) return new ToolError(err.message);
  if (parts.offered) {
    const listed = listedValues(parts.offered.values);
    return new ToolError(
      `${parts.ours}; the card offers ${listed.total} ${parts.offered.what}, listed under "untrusted"`,
      undefined,
      { offered: listed.values, offered_total: listed.total },
    );
  }
  if (parts.cardText !== undefined) return new ToolError(`${parts.ours}; why is under "untrusted"`, parts.cardText);
  return new ToolError(parts.ours);
}
