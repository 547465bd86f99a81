/**
 * The language server's start is part of every editor session: up to its first diagnostics it must not load the
 * HTTP client, the signature library or the network stacks (they ship as bundles of their own beside server.js and
 * are required when a live check or a signature first needs them). Node's own lists tell from outside the bundle
 * what was loaded: the files in the require cache and the built-in modules.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { startLsp } from './harness';

/**
 * Built-in modules the first diagnostics do not need: the network ones (`net` is not one: the server's stdio pipes
 * are sockets), and those Node compiles on first require that only some requests use (processes, crypto and the
 * platform's random generator, the promise APIs of DNS and files).
 */
const HEAVY =
  /^NativeModule (?:http|https|http2|tls|dns|dns\/promises|zlib|worker_threads|child_process|crypto|internal\/crypto\/webcrypto|fs\/promises)$/;

/** Preloaded into the server's process (NODE_OPTIONS): prints what it loaded, as the process exits. */
const PRELOAD = `
process.on('exit', () => {
  const files = Object.keys(require.cache).filter((f) => f !== __filename);
  require('node:fs').writeSync(2, '\\nLOADED ' + JSON.stringify({ builtins: process.moduleLoadList, files }) + '\\n');
});
`;

test('the language server publishes its first diagnostics without loading network, signature or process code', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-lsp-startup-'));
  const preload = join(dir, 'preload.cjs');
  writeFileSync(preload, PRELOAD);
  const saved = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${saved ?? ''} --require ${JSON.stringify(preload)}`.trim();
  try {
    const s = await startLsp();
    process.env.NODE_OPTIONS = saved;
    const uri = 'file:///startup/agent-card.json';
    await s.open(uri, 'a2a-agent-card', readFileSync(join(__dirname, 'fixtures', 'good.agent-card.json'), 'utf8'));
    await s.diagnostics(uri);
    await s.stop();
    const line = s
      .stderr()
      .split('\n')
      .find((l) => l.startsWith('LOADED '));
    assert.ok(line, `no module list: ${s.stderr()}`);
    const loaded = JSON.parse(line.slice('LOADED '.length)) as { builtins: string[]; files: string[] };
    assert.deepEqual(
      loaded.files.map((f) => basename(f)),
      ['server.js'],
    );
    assert.deepEqual(
      loaded.builtins.filter((m) => HEAVY.test(m)),
      [],
    );
  } finally {
    if (saved === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = saved;
    rmSync(dir, { recursive: true, force: true });
  }
});
