/**
 * Per-agent pacing for probes: at most `concurrency` calls in flight (1 by default), at least
 * `minIntervalMs` between call starts, and a 429/503 with Retry-After answered by waiting (capped) and
 * retrying a bounded number of times with growing backoff. An agent that asks for more than the cap is not
 * waited for at all, and the waits for one agent add up to at most `maxTotalWaitMs`: a busy agent costs a
 * minute, never hours (the rate-limited answer is then returned). Clock and sleep are injected.
 */
export interface RateLimitOptions {
  minIntervalMs?: number;
  concurrency?: number;
  /** Retries after a rate-limit answer. Default 2. */
  maxRetries?: number;
  /** Never wait longer than this for one Retry-After; a longer Retry-After is not waited for. Default 30 s. */
  maxWaitMs?: number;
  /** All waits for this agent together. Default 60 s. */
  maxTotalWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RateLimiter {
  /** Run `fn`; `retryAfterMs(result)` returns a wait when the result says "rate limited", else undefined. */
  run<T>(fn: () => Promise<T>, retryAfterMs?: (result: T) => number | undefined): Promise<T>;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createRateLimiter(opts: RateLimitOptions = {}): RateLimiter {
  const minInterval = opts.minIntervalMs ?? 250;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const maxRetries = opts.maxRetries ?? 2;
  const maxWait = opts.maxWaitMs ?? 30_000;
  let budget = opts.maxTotalWaitMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? realSleep;
  let active = 0;
  let lastStart = -Infinity;
  /** Set by a rate-limit answer: no call to this agent starts before then (not only the retried one). */
  let blockedUntil = -Infinity;
  const waiting: (() => void)[] = [];

  async function acquire(): Promise<void> {
    // A released slot is handed straight to the next waiter, so no newcomer can slip in between.
    if (active < concurrency) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    const gap = Math.max(lastStart + minInterval, blockedUntil) - now();
    if (gap > 0) await sleep(gap);
    lastStart = now();
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  return {
    async run(fn, retryAfterMs) {
      for (let attempt = 0; ; attempt++) {
        await acquire();
        let result;
        let wait: number | undefined;
        try {
          result = await fn();
          wait = retryAfterMs?.(result);
          // Respect the agent's Retry-After, growing it on repeats, but never beyond the cap or the budget (an agent
          // asking for more than the cap is not retried); set while still holding the slot so the next queued call waits too.
          const pause = wait === undefined ? 0 : Math.min(maxWait, Math.max(wait, minInterval) * 2 ** attempt);
          if (wait !== undefined && (attempt >= maxRetries || wait > maxWait || pause > budget)) wait = undefined;
          else if (wait !== undefined) {
            budget -= pause;
            blockedUntil = Math.max(blockedUntil, now() + pause);
          }
        } finally {
          release();
        }
        if (wait === undefined) return result;
      }
    },
  };
}
