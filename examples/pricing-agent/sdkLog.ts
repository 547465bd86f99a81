/**
 * The A2A SDK logs every request it refuses with `console.error(context, error)`, stack trace included. For an
 * agent, refusing is an answer (a client asked for A2A-Version 99.0, or for a task that does not exist: the probes
 * do exactly that on purpose), so a refusal is one log line; anything else the SDK logs still goes out in full.
 */

/** An A2A error as the SDK makes them: an Error named `…Error` with a protocol reason such as TASK_NOT_FOUND. */
function isA2aRefusal(value: unknown): value is Error & { reason: string } {
  if (!(value instanceof Error) || !/Error$/.test(value.name)) return false;
  const reason: unknown = (value as { reason?: unknown }).reason;
  return typeof reason === 'string' && /^[A-Z][A-Z_]*$/.test(reason);
}

/** The one line for a refusal the SDK logs, or undefined when what it logs is not one. */
export function refusalLine(args: readonly unknown[]): string | undefined {
  const error = args.find(isA2aRefusal);
  if (!error) return undefined;
  // The message may quote what the client sent: no control characters reach the terminal.
  // eslint-disable-next-line no-control-regex -- the point is to find them
  const message = error.message.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return `pricing agent: refused a request: ${error.name} (${error.reason})${message ? `: ${message}` : ''}\n`;
}

/**
 * Makes `target.error` print refusals as one line through `write`; returns the function that restores it.
 * Call it once in the process that serves the agent (main.ts, the demo).
 */
export function quietSdkRefusals(
  target: Pick<Console, 'error'> = console,
  write: (line: string) => void = (line) => {
    process.stderr.write(line);
  },
): () => void {
  const original = target.error;
  target.error = (...args: unknown[]) => {
    const line = refusalLine(args);
    if (line === undefined) original.apply(target, args);
    else write(line);
  };
  return () => {
    target.error = original;
  };
}
