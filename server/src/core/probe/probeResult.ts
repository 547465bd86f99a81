/**
 * What every A2A-call probe builds its results with: the result record, the answer's error type and a one-line
 * account of it, a random task id (no task the agent knows, so no state is touched), and the guard that turns a
 * thrown network failure into an 'error' result.
 */
import type { A2aCallResult } from '../a2a/types';
import { A2aError, describeA2aError } from '../a2a/errors';
import { randomId } from '../bytes/hash';
import type { ProbeOutcome, ProbeResult } from './types';

/** The part of a probe's environment the result needs: its clock. */
interface Clock {
  now: () => number;
}

export const result = (
  env: Clock,
  probe: string,
  claim: string,
  outcome: ProbeOutcome,
  detail: string,
): ProbeResult => ({
  probe,
  claim,
  outcome,
  detail,
  at: new Date(env.now()).toISOString(),
});

export const errType = (r: A2aCallResult): A2aError['type'] | 'ok' => (r.ok ? 'ok' : r.error.type);

export const said = (r: A2aCallResult): string =>
  r.ok ? `a result${r.streamed ? ' (event stream)' : ''}` : describeA2aError(r.error);

export const randomTask = (): string => `a2acap-probe-${randomId()}`;

/** The first line of what was thrown: enough to say why, never a stack. */
export function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

/** Run one call; a network failure becomes an 'error' result instead of escaping. */
export async function attempt(
  env: Clock,
  probe: string,
  claim: string,
  fn: () => Promise<ProbeResult>,
): Promise<ProbeResult> {
  try {
    return await fn();
  } catch (err) {
    return result(env, probe, claim, 'error', firstLine(err));
  }
}
