// (a) Integration tests INSIDE the real extension host. code-server has no --extensionTestsPath flag, but with
// `--vscode-option enable-smoke-test-driver` the workbench honours the `payload` URL parameter
// (extensionDevelopmentPath + extensionTestsPath) and reports the test run's exit code through
// window.codeAutomationExit. The tests (test/e2e/extension/) are bundled to one CommonJS file with `vscode` external.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot, resultsDir } from '../../scripts/e2e/paths';
import { newPage } from '../../scripts/e2e/browser';
import type { CodeServer } from '../../scripts/e2e/launch';
import type { TestResult } from './extension/harness';
import type { Session } from './lib/session';
import type { Steps } from './lib/steps';

const RUN_TIMEOUT_MS = 240_000;

/** One run of extension host tests: which entry, in which code-server, on which workspace copy. */
export interface ExtensionHostRun {
  group: string;
  /** The tests' entry file, relative to the repository. */
  entry: string;
  codeServer: CodeServer;
  workspace: string;
}

/** The suite's main run: every extension host test, in the session's code-server (workspace trusted). */
export function mainRun(session: Session): ExtensionHostRun {
  return {
    group: 'extension host',
    entry: 'test/e2e/extension/index.ts',
    codeServer: session.codeServer,
    workspace: 'integration',
  };
}

/** Bundles into `dir` (per run, inside the session's temp dir: parallel runs never share results.json). */
export async function bundleExtensionTests(dir: string, entry = 'test/e2e/extension/index.ts'): Promise<string> {
  const outfile = join(dir, 'index.js');
  await build({
    entryPoints: [join(repoRoot, entry)],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return outfile;
}

/** The unpacked .vsix as code-server installed it: the development path is the shipped package, not the repo. */
function installedExtensionDir(extensionsDir: string): string {
  const dir = readdirSync(extensionsDir).find((d) => d.startsWith('a2a-capabilities.a2a-capabilities-'));
  if (!dir) throw new Error(`the extension is not installed in ${extensionsDir}`);
  return join(extensionsDir, dir);
}

export async function runExtensionHostTests(
  session: Session,
  steps: Steps,
  log: (l: string) => void,
  run: ExtensionHostRun = mainRun(session),
): Promise<void> {
  const { group: GROUP, codeServer } = run;
  let bundle = '';
  const testsDir = join(codeServer.tempDir, 'extension-tests');
  const ok = await steps.run(GROUP, 'bundle the extension host tests', async () => {
    bundle = await bundleExtensionTests(testsDir, run.entry);
  });
  if (!ok) return;
  const resultsFile = join(testsDir, 'results.json');
  const hostLog: string[] = [];
  const page = await newPage(session.browser);
  let exitCode: number | undefined;
  const exited = new Promise<number>((resolve) => {
    void page.exposeFunction('codeAutomationExit', (code: number) => {
      exitCode = code;
      resolve(code);
    });
  });
  await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
    hostLog.push(`[${type}] ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`);
  });
  const url = codeServer.workbenchUrl({
    folder: session.workspace(run.workspace),
    extensionDevelopmentPath: installedExtensionDir(codeServer.extensionsDir),
    extensionTestsPath: bundle,
  });
  const started = Date.now();
  await steps.run(
    GROUP,
    'the test run finishes and reports an exit code',
    async () => {
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no exit code within ${RUN_TIMEOUT_MS} ms`)), RUN_TIMEOUT_MS);
        timer.unref();
      });
      await Promise.race([exited, timeout]).finally(() => clearTimeout(timer));
      log(`  extension host exited with ${exitCode} after ${Date.now() - started} ms`);
    },
    async () => {
      await page.screenshot({ path: join(resultsDir, `${GROUP.replace(/[^a-z0-9]+/gi, '-')}-failure.png`) });
    },
  );
  writeFileSync(join(resultsDir, `${GROUP.replace(/[^a-z0-9]+/gi, '-')}.log`), hostLog.join('\n'));
  await page.close().catch(() => {});

  if (!existsSync(resultsFile)) {
    steps.record({
      group: GROUP,
      name: 'results were written',
      ok: false,
      ms: 0,
      error: `no ${resultsFile}; last log lines:\n${hostLog.slice(-20).join('\n')}`,
    });
    return;
  }
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as TestResult[];
  for (const r of results)
    steps.record({ group: GROUP, name: r.name, ok: r.ok, ms: r.ms, ...(r.error ? { error: r.error } : {}) });
  const failedInside = results.some((r) => !r.ok);
  if ((exitCode === 0) === failedInside) {
    steps.record({
      group: GROUP,
      name: 'exit code agrees with the results',
      ok: false,
      ms: 0,
      error: `exit ${exitCode}, ${results.filter((r) => !r.ok).length} failed`,
    });
  }
}
