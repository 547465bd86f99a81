// Records named checks for the suite's summary: each step passes or fails on its own, the run goes on.
export interface StepResult {
  group: string;
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

export class Steps {
  readonly results: StepResult[] = [];

  constructor(private readonly log: (line: string) => void) {}

  record(r: StepResult): void {
    this.results.push(r);
    this.log(`  ${r.ok ? '✔' : '✖'} [${r.group}] ${r.name} (${r.ms} ms)${r.ok ? '' : `\n${indent(r.error ?? '')}`}`);
  }

  /** Runs `fn`; a throw records a failure (and `onFailure` may save evidence, e.g. a screenshot). Returns success. */
  async run(group: string, name: string, fn: () => Promise<void>, onFailure?: () => Promise<void>): Promise<boolean> {
    const started = Date.now();
    try {
      await fn();
      this.record({ group, name, ok: true, ms: Date.now() - started });
      return true;
    } catch (e) {
      await onFailure?.().catch(() => {});
      this.record({
        group,
        name,
        ok: false,
        ms: Date.now() - started,
        error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
      return false;
    }
  }

  get failed(): number {
    return this.results.filter((r) => !r.ok).length;
  }
  get passed(): number {
    return this.results.filter((r) => r.ok).length;
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .slice(0, 25)
    .map((l) => `      ${l}`)
    .join('\n');
}
