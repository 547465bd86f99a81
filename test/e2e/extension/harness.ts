// A tiny test runner for inside the extension host: register with `test`, run with `runTests`.
// node:test cannot run there (the extension host is not a CLI process), and a result file is easier for the
// outer runner to read than console output mirrored through the page.
import * as vscode from 'vscode';

export interface TestResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

interface RegisteredTest {
  name: string;
  fn: () => Promise<void>;
  timeoutMs: number;
}

const registered: RegisteredTest[] = [];

export function test(name: string, fn: () => Promise<void>, timeoutMs = 30_000): void {
  registered.push({ name, fn, timeoutMs });
}

function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${name}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function runTests(log: (line: string) => void): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const t of registered) {
    const started = Date.now();
    try {
      await withTimeout(t.fn(), t.timeoutMs, t.name);
      results.push({ name: t.name, ok: true, ms: Date.now() - started });
      log(`  ✔ ${t.name} (${Date.now() - started} ms)`);
    } catch (e) {
      const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      results.push({ name: t.name, ok: false, ms: Date.now() - started, error });
      log(
        `  ✖ ${t.name}\n${error
          .split('\n')
          .map((l) => `      ${l}`)
          .join('\n')}`,
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  }
  return results;
}

/** Polls `probe` until it returns a value that is not undefined; fails with `what` and the last value seen. */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
