/**
 * Runs core cases in a child process, one per message, so the parent can end a case that hangs (synchronous
 * code cannot be interrupted in-process). A failing case is minimized here before it is reported.
 */
import { caseRng, minimize } from './campaign';
import { generateCoreInput, runCoreInput, type CoreInput } from './core';
import { at } from '../at';

interface Job {
  seed: number;
  index: number;
  /** A saved input (a regression fixture) instead of a generated one. */
  input?: CoreInput;
  minimizeAttempts: number;
}

function stillFails(input: CoreInput, property: string, field: 'text' | 'card'): (t: string) => boolean {
  return (t) => {
    const changed =
      field === 'text' && input.lock !== undefined ? { ...input, text: t, lock: t } : { ...input, [field]: t };
    return runCoreInput(changed).some((f) => f.property === property);
  };
}

process.on('message', async (job: Job) => {
  const input = job.input ?? generateCoreInput(caseRng(job.seed, job.index));
  const started = performance.now();
  const failures = runCoreInput(input);
  const ms = performance.now() - started;
  let reported = input;
  process.send!({ ran: job.index, ms });
  if (failures.length && job.minimizeAttempts > 0) {
    // Each document in turn (in a pair the failure may come from either), keeping what still fails.
    const property = at(failures, 0).property;
    for (const field of ['text', 'card'] as const) {
      const text = reported[field];
      if (text === undefined) continue;
      try {
        const small = await minimize(text, stillFails(reported, property, field), job.minimizeAttempts);
        reported =
          field === 'text' && reported.lock !== undefined
            ? { ...reported, text: small, lock: small }
            : { ...reported, [field]: small };
      } catch {
        // Keep this document as it was.
      }
    }
  }
  process.send!({ index: job.index, ms, failures, input: reported });
});
