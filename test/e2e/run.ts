// The real VS Code end-to-end suite (`npm test` runs it after the other suites; run it alone with
// `node --import tsx test/e2e/run.ts`). It installs what it needs on a bare machine (scripts/e2e/setup.ts, cached
// under .cache/e2e/), builds and packages the extension, starts code-server on 127.0.0.1 with the .vsix installed,
// then runs (a) integration tests inside the extension host, trusted and (in a second code-server) in Restricted
// Mode, and (b) UI tests in Debian's Chromium.
// A2A_SKIP_E2E=1 skips explicitly; A2A_E2E_VSIX=<file> installs that .vsix instead of building one;
// A2A_E2E_UPDATE_IMAGES=1 refreshes docs/images/ from this run's screenshots (also done when an image is missing).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, resultsDir } from '../../scripts/e2e/paths';
import { E2eEnvironmentError } from '../../scripts/e2e/setup';
import { runExtensionHostTests } from './integration';
import { startSession, type Session } from './lib/session';
import { Steps } from './lib/steps';
import { runRestrictedModeTests } from './restricted';
import { runUiTests } from './ui';
import { runPinFlow } from './ui/pinFlow';

/** Screenshots a flow returns are the ones worth showing: they are copied to docs/images/ (see refreshDocImages). */
type Flow = (session: Session, steps: Steps) => Promise<Set<string>>;

/** (b) UI flows, in order. Each opens its own page and workspace copy; a failing flow does not stop the next. */
const UI_FLOWS: Flow[] = [runUiTests, runPinFlow];

function log(line: string): void {
  console.log(line);
}

function refreshDocImages(shots: Set<string>): void {
  const dir = join(repoRoot, 'docs', 'images');
  mkdirSync(dir, { recursive: true });
  for (const name of shots) {
    const target = join(dir, `${name}.png`);
    if (existsSync(target) && process.env.A2A_E2E_UPDATE_IMAGES !== '1') continue;
    copyFileSync(join(resultsDir, `${name}.png`), target);
    log(`  updated docs/images/${name}.png`);
  }
}

async function main(): Promise<number> {
  if (process.env.A2A_SKIP_E2E === '1') {
    log('real VS Code e2e suite skipped (A2A_SKIP_E2E=1)');
    return 0;
  }
  const started = Date.now();
  mkdirSync(resultsDir, { recursive: true });
  const steps = new Steps(log);
  let session: Session | undefined;
  try {
    try {
      session = await startSession({
        log,
        ...(process.env.A2A_E2E_VSIX ? { prebuiltVsix: process.env.A2A_E2E_VSIX } : {}),
      });
    } catch (e) {
      const why = e instanceof E2eEnvironmentError ? 'this machine cannot host the suite' : 'the suite could not start';
      steps.record({
        group: 'setup',
        name: why,
        ok: false,
        ms: Date.now() - started,
        error: e instanceof Error ? e.message : String(e),
      });
      return 1;
    }
    log(`session ready after ${((Date.now() - started) / 1000).toFixed(1)} s (${session.codeServer.origin})`);
    await runExtensionHostTests(session, steps, log);
    await runRestrictedModeTests(session, steps, log);
    const shots = new Set<string>();
    for (const flow of UI_FLOWS) {
      const flowStarted = Date.now();
      try {
        for (const shot of await flow(session, steps)) shots.add(shot);
      } catch (e) {
        steps.record({
          group: 'ui',
          name: `${flow.name} ran to the end`,
          ok: false,
          ms: Date.now() - flowStarted,
          error: e instanceof Error ? (e.stack ?? e.message) : String(e),
        });
      }
    }
    refreshDocImages(shots);
  } finally {
    await session?.close();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(
      `\nreal VS Code e2e: ${steps.passed} passed, ${steps.failed} failed (${seconds} s; screenshots in ${resultsDir})`,
    );
    for (const r of steps.results.filter((x) => !x.ok)) log(`  ✖ [${r.group}] ${r.name}`);
  }
  return steps.failed ? 1 : 0;
}

// Ctrl+C or a CI timeout: exit through process.exit so the launcher's 'exit' hooks kill code-server's process
// group and remove the temp dirs (a signal's default action would skip them).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\ninterrupted (${signal}): cleaning up`);
    process.exit(130);
  });
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`e2e suite crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(1);
  },
);
