/**
 * Start-up is most of a short CLI run: `a2acap --version`, `a2acap lint` and `a2acap compile` must not load what
 * only other commands use (the HTTP, TLS and gRPC stacks, the MCP SDK, worker threads), nor even read the bundles
 * that carry them (undici, jose, the MCP SDK and gRPC ship as bundles of their own beside the CLI's; V8 compiles
 * whatever file is loaded, used or not). Node's own lists tell from outside the bundle what was loaded: the
 * built-in modules, since each of those libraries loads some at start, and the files in the require cache.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '../..');
const cli = join(root, 'server/dist/cli.js');
const card = readFileSync(join(root, 'test/fixtures/cards/valid/pricing-agent.json'), 'utf8');

/** Built-in modules only the network, MCP and gRPC code paths need (`net` is not one: a piped stdout is a socket). */
const HEAVY = /^NativeModule (?:http|https|http2|tls|dns|zlib|worker_threads)$/;

/** Preloaded into the CLI's process: prints the built-ins and the files loaded after it, as the process exits. */
const PRELOAD = `
const before = new Set(process.moduleLoadList);
process.on('exit', () => {
  const builtins = process.moduleLoadList.filter((m) => !before.has(m));
  const files = Object.keys(require.cache).filter((f) => f !== __filename);
  require('node:fs').writeSync(2, '\\nLOADED ' + JSON.stringify({ builtins, files }) + '\\n');
});
`;

interface Loaded {
  /** The heavy built-ins the run loaded. */
  heavy: string[];
  /** The names of the files the run loaded (the bundles of server/dist). */
  files: string[];
}

/** What a run of the bundled CLI with `args` loaded. */
function loadedBy(dir: string, args: string[]): Loaded {
  const preload = join(dir, 'preload.cjs');
  writeFileSync(preload, PRELOAD);
  const r = spawnSync(process.execPath, ['--require', preload, cli, ...args], { encoding: 'utf8', cwd: dir });
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  assert.ok(line, `no module list: exit ${r.status}, ${r.stderr}`);
  const { builtins, files } = JSON.parse(line.slice('LOADED '.length)) as { builtins: string[]; files: string[] };
  return { heavy: builtins.filter((m) => HEAVY.test(m)), files: files.map((f) => basename(f)) };
}

test('a2acap --version, lint and compile load no network, MCP or gRPC code, nor the bundles that carry it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-startup-'));
  try {
    const file = join(dir, 'agent-card.json');
    writeFileSync(file, card);
    for (const args of [
      ['--version'],
      ['lint', file, '--format', 'json'],
      ['lint', file],
      ['compile', file, '--format', 'json'],
    ]) {
      assert.deepEqual(loadedBy(dir, args), { heavy: [], files: ['cli.js'] }, args.join(' '));
    }
    // The lists do see them when a command needs them (the assertions above are not vacuous).
    const fetched = loadedBy(dir, ['fetch', 'http://127.0.0.1:9/agent-card.json']);
    assert.notDeepEqual(fetched.heavy, []);
    assert.ok(fetched.files.includes('undici.js'), fetched.files.join(', '));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
