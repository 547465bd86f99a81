/**
 * Start-up is most of a short CLI run: `a2acap --version` and `a2acap lint` must not load what only other commands
 * use (the HTTP, TLS and gRPC stacks, the MCP SDK, worker threads). Node's own list of the built-in modules it has
 * loaded tells from outside the bundle what was evaluated, since each of those libraries loads some at start.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '../..');
const cli = join(root, 'server/dist/cli.js');
const card = readFileSync(join(root, 'test/fixtures/cards/valid/pricing-agent.json'), 'utf8');

/** Built-in modules only the network, MCP and gRPC code paths need (`net` is not one: a piped stdout is a socket). */
const HEAVY = /^NativeModule (?:http|https|http2|tls|dns|zlib|worker_threads)$/;

/** Preloaded into the CLI's process: prints the built-in modules loaded after it, as the process exits. */
const PRELOAD = `
const before = new Set(process.moduleLoadList);
process.on('exit', () => {
  const loaded = process.moduleLoadList.filter((m) => !before.has(m));
  require('node:fs').writeSync(2, '\\nLOADED ' + JSON.stringify(loaded) + '\\n');
});
`;

/** The heavy built-ins loaded by a run of the bundled CLI with `args`. */
function heavyModulesLoaded(dir: string, args: string[]): string[] {
  const preload = join(dir, 'preload.cjs');
  writeFileSync(preload, PRELOAD);
  const r = spawnSync(process.execPath, ['--require', preload, cli, ...args], { encoding: 'utf8', cwd: dir });
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  assert.ok(line, `no module list: exit ${r.status}, ${r.stderr}`);
  return (JSON.parse(line.slice('LOADED '.length)) as string[]).filter((m) => HEAVY.test(m));
}

test('a2acap --version and a2acap lint load no network, MCP or gRPC code', () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-startup-'));
  try {
    const file = join(dir, 'agent-card.json');
    writeFileSync(file, card);
    assert.deepEqual(heavyModulesLoaded(dir, ['--version']), []);
    assert.deepEqual(heavyModulesLoaded(dir, ['lint', file, '--format', 'json']), []);
    assert.deepEqual(heavyModulesLoaded(dir, ['lint', file]), []);
    // The list does see them when a command needs them (the assertion above is not vacuous).
    assert.notDeepEqual(heavyModulesLoaded(dir, ['fetch', 'http://127.0.0.1:9/agent-card.json']), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
