/**
 * Running one tool call, the same for `a2acap mcp` and the editor: arguments checked to be an object, the call
 * bounded in time, every failure turned into one line, and everything that leaves (result or error) passed through
 * the launch credentials' redactor, with URL userinfo removed.
 */
import { machineJson } from '../app/text';
import { withoutUserinfo } from '../app/text';
import { oneLineText } from '../app/text';
import { untrustedErrorText, visible } from './envelope';
import { withRootsShown } from './shownPath';
import { LIMITS } from './limits';
import { toolNamed } from './tools';
import { ToolError, messageOf } from './toolError';
import type { ToolWorld } from './world';

/**
 * `text`: the answer as compact JSON (a model reads every character; indentation would add about a quarter);
 * `structured`: the same answer parsed back from that text, so both carry exactly what was redacted and escaped.
 * `untrusted`: on an error, what the agent said (JSON of untrustedErrorText), never in `message`.
 */
export type ToolOutcome =
  { ok: true; text: string; structured: Record<string, unknown> } | { ok: false; message: string; untrusted?: string };

/** Every string of the result without credentials and without URL userinfo. */
function scrubbed(world: ToolWorld, value: unknown): unknown {
  if (typeof value === 'string') return world.redact(withoutUserinfo(value));
  if (Array.isArray(value)) return value.map((v) => scrubbed(world, v));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[world.redact(k)] = scrubbed(world, v);
    return out;
  }
  return value;
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ToolError(`the call took longer than ${ms / 1000} s and was stopped`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The structured answer, from the redacted text: were the redaction ever to break the JSON, the call fails rather
 * than answer a value the text redaction did not see.
 */
function structuredFrom(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Falls through to the error below.
  }
  throw new ToolError('the answer could not be made safe to return');
}

export async function invokeTool(world: ToolWorld, name: string, args: unknown): Promise<ToolOutcome> {
  const tool = toolNamed(name);
  if (!tool) return { ok: false, message: `unknown tool ${JSON.stringify(oneLineText(name, 60))}` };
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args)))
    return { ok: false, message: 'the arguments must be an object' };
  try {
    const result = await withDeadline(tool.run(world, (args ?? {}) as Record<string, unknown>), LIMITS.callMs);
    // A second redaction of the whole text: a secret split over two strings by clipping is still found whole here.
    const text = world.redact(machineJson(scrubbed(world, result)));
    return { ok: true, text, structured: structuredFrom(text) };
  } catch (err) {
    const message = err instanceof ToolError ? err.message : `internal error: ${messageOf(err)}`;
    const agentText = err instanceof ToolError ? err.agentText : undefined;
    const agentData = err instanceof ToolError ? err.agentData : undefined;
    const untrusted =
      agentText !== undefined || agentData !== undefined
        ? untrustedErrorText(
            agentText !== undefined ? world.redact(withoutUserinfo(agentText)) : undefined,
            agentData && (scrubbed(world, agentData) as Record<string, unknown>),
          )
        : undefined;
    return {
      ok: false,
      // A workflow's message may name a file by the absolute path it read: the answer names it under the roots.
      message: `${name}: ${visible(world.redact(withoutUserinfo(withRootsShown(world, message))), 400)}`,
      ...(untrusted ? { untrusted: world.redact(machineJson({ untrusted })) } : {}),
    };
  }
}
