// Starts a real VS Code workbench (code-server) on 127.0.0.1 with everything isolated under one temp dir:
// HOME and XDG dirs, user data (with pre-seeded settings), extensions (our .vsix installed). Used by the e2e suite,
// by `npm run demo`, and reusable by any later editor flow test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Log, Toolchain } from './setup.js';

/** Settings that keep the workbench quiet, offline and deterministic. */
export const baseUserSettings: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'editor.hover.delay': 100,
};

export interface LaunchOptions {
  toolchain: Toolchain;
  /** .vsix files to install before start. */
  vsix?: string[];
  /** Merged over baseUserSettings into the user settings.json. */
  settings?: Record<string, unknown>;
  /** Needed for integration tests: lets the workbench honour the `payload` URL parameter and report exit codes. */
  smokeTestDriver?: boolean;
  /** 0 (default): code-server binds a free port itself and we read it from its log (no pick-then-bind race). */
  port?: number;
  log?: Log;
  /** Poll limit for /healthz. */
  startTimeoutMs?: number;
  /**
   * Workspace trust on (default off): a folder then opens in Restricted Mode, since nothing has trusted it yet
   * (the browser profile is fresh and the prompt is turned off, so no dialog trusts it either).
   */
  workspaceTrust?: boolean;
}

/** Settings that turn workspace trust on without any prompt: folders stay untrusted, in Restricted Mode. */
const restrictedModeSettings: Record<string, unknown> = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.untrustedFiles': 'open',
};

export interface WorkbenchUrlOptions {
  folder: string;
  /** Extension development and tests (requires smokeTestDriver). Absolute paths on this machine. */
  extensionDevelopmentPath?: string;
  extensionTestsPath?: string;
  extensionEnvironment?: Record<string, string>;
}

export interface CodeServer {
  readonly origin: string;
  readonly port: number;
  readonly tempDir: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** Environment (isolated HOME/XDG) to reuse for anything else started for this session, e.g. Chromium. */
  readonly env: NodeJS.ProcessEnv;
  workbenchUrl(options: WorkbenchUrlOptions): string;
  /** Everything code-server printed so far (for failure reports). */
  output(): string;
  close(): Promise<void>;
}

/** HOME and XDG dirs under the session's temp dir: code-server and Chromium otherwise write into the real home. */
function isolatedEnv(tempDir: string): NodeJS.ProcessEnv {
  const home = join(tempDir, 'home');
  const dirs = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  // Point the marketplace at a closed loopback port: the workbench's update checks then fail locally instead of
  // resolving public hosts (nothing in a test may leave 127.0.0.0/8).
  const gallery = JSON.stringify({
    serviceUrl: 'http://127.0.0.1:9/gallery',
    itemUrl: 'http://127.0.0.1:9/item',
    resourceUrlTemplate: 'http://127.0.0.1:9/{publisher}/{name}/{version}/{path}',
  });
  const env: NodeJS.ProcessEnv = { ...process.env, ...dirs, EXTENSIONS_GALLERY: gallery };
  // The parent may be inside a VS Code terminal or a test runner; none of that may leak into the workbench.
  for (const key of Object.keys(env))
    if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE' || key === 'NODE_OPTIONS') delete env[key];
  return env;
}

function installExtension(
  toolchain: Toolchain,
  env: NodeJS.ProcessEnv,
  dirs: { userDataDir: string; extensionsDir: string },
  vsix: string,
): void {
  const r = spawnSync(
    toolchain.nodeBin,
    [
      toolchain.codeServerEntry,
      '--user-data-dir',
      dirs.userDataDir,
      '--extensions-dir',
      dirs.extensionsDir,
      '--install-extension',
      vsix,
      '--force',
    ],
    { env, encoding: 'utf8', timeout: 120_000 },
  );
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !/successfully installed/i.test(out))
    throw new Error(`installing ${vsix} into code-server failed (exit ${r.status ?? r.signal}):\n${out.trim()}`);
}

const LISTENING = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)\//;

/** Polls code-server's log for the port it bound, then GET /healthz until 200; fails if the child dies or time is up. */
async function waitHealthy(child: ChildProcess, timeoutMs: number, output: () => string): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no "HTTP server listening" line yet';
  let origin: string | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`code-server exited early (${child.exitCode ?? child.signalCode}):\n${output().slice(-3000)}`);
    const port = LISTENING.exec(output())?.[1];
    if (port) origin = `http://127.0.0.1:${port}`;
    if (origin) {
      try {
        const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return origin;
        lastError = `HTTP ${res.status}`;
      } catch (e) {
        lastError = e instanceof Error ? e.message : String(e);
      }
    }
    await new Promise<void>((r) => setTimeout(r, 100).unref());
  }
  throw new Error(
    `code-server did not become healthy within ${timeoutMs} ms (${lastError}):\n${output().slice(-3000)}`,
  );
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

async function waitExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function launchCodeServer(options: LaunchOptions): Promise<CodeServer> {
  const log = options.log ?? (() => {});
  const tempDir = mkdtempSync(join(tmpdir(), 'a2a-e2e-'));
  const userDataDir = join(tempDir, 'user-data');
  const extensionsDir = join(tempDir, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  const env = isolatedEnv(tempDir);
  let child: ChildProcess | undefined;
  const removeTemp = () => rmSync(tempDir, { recursive: true, force: true, maxRetries: 3 });
  // Last resort if the parent dies without calling close(): never leave a code-server tree behind.
  const onExit = () => {
    if (child) killGroup(child, 'SIGKILL');
    removeTemp();
  };
  process.once('exit', onExit);
  try {
    const trust = options.workspaceTrust ? restrictedModeSettings : {};
    writeFileSync(
      join(userDataDir, 'User', 'settings.json'),
      JSON.stringify({ ...baseUserSettings, ...trust, ...options.settings }, null, 2),
    );
    const config = join(tempDir, 'config.yaml');
    writeFileSync(config, 'auth: none\ncert: false\n');
    for (const vsix of options.vsix ?? []) {
      log(`installing ${vsix}`);
      installExtension(options.toolchain, env, { userDataDir, extensionsDir }, vsix);
    }
    const port = options.port ?? 0;
    const args = [
      options.toolchain.codeServerEntry,
      '--config',
      config,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--ignore-last-opened',
      '--disable-getting-started-override',
    ];
    if (!options.workspaceTrust) args.push('--disable-workspace-trust');
    if (options.smokeTestDriver) args.push('--vscode-option', 'enable-smoke-test-driver');
    let output = '';
    child = spawn(options.toolchain.nodeBin, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const started = Date.now();
    const origin = await waitHealthy(child, options.startTimeoutMs ?? 60_000, () => output);
    log(`code-server healthy on ${origin} after ${Date.now() - started} ms`);
    const running = child;
    let closed = false;
    return {
      origin,
      port: Number(new URL(origin).port),
      tempDir,
      userDataDir,
      extensionsDir,
      env,
      workbenchUrl: (o) => workbenchUrl(origin, o),
      output: () => output,
      async close() {
        if (closed) return;
        closed = true;
        killGroup(running, 'SIGTERM');
        if (!(await waitExit(running, 5000))) {
          killGroup(running, 'SIGKILL');
          await waitExit(running, 5000);
        }
        process.removeListener('exit', onExit);
        removeTemp();
      },
    };
  } catch (e) {
    if (child) {
      killGroup(child, 'SIGKILL');
      await waitExit(child, 5000);
    }
    process.removeListener('exit', onExit);
    removeTemp();
    throw e;
  }
}

/** The workbench URL; with extension paths it carries the `payload` parameter (honoured with the smoke-test driver). */
export function workbenchUrl(origin: string, o: WorkbenchUrlOptions): string {
  const params = new URLSearchParams({ folder: o.folder });
  const remote = (p: string) => `vscode-remote://${new URL(origin).host}${p}`;
  const payload: [string, string][] = [];
  if (o.extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(o.extensionDevelopmentPath)]);
  if (o.extensionTestsPath) payload.push(['extensionTestsPath', remote(o.extensionTestsPath)]);
  if (o.extensionEnvironment) payload.push(['extensionEnvironment', JSON.stringify(o.extensionEnvironment)]);
  if (payload.length) params.set('payload', JSON.stringify(payload));
  return `${origin}/?${params.toString()}`;
}
