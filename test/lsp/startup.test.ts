/**
 * The language server's start is part of every editor session: up to its first diagnostics it must not load the
 * HTTP client, the signature library or the network stacks (they ship as bundles of their own beside server.js and
 * are required when a live check or a signature first needs them). Node's own lists tell from outside the bundle
 * what was loaded: the files in the require cache and the built-in modules.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { SERVER, startLsp } from './harness';

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

/**
 * Packages the first diagnostics of an ordinary card do not use: secretlint's rules run only on text its screen
 * passes, the CEL evaluator only for a project configuration with policies.
 */
const NOT_EVALUATED = /^node_modules\/(?:@secretlint\/|@textlint\/|lodash\.|@marcbachmann\/cel-js\/)/;

/** V8's precise coverage of one script: each function with how many times it was called. */
interface ScriptCoverage {
  url: string;
  functions: { functionName: string; ranges: { count: number }[] }[];
}

test('the language server evaluates the secret scanner’s packages only when a text needs them', async () => {
  // The bundle wraps each package module in a function named by its path; V8's coverage counts the calls.
  const dir = mkdtempSync(join(tmpdir(), 'a2a-lsp-coverage-'));
  const saved = process.env.NODE_V8_COVERAGE;
  process.env.NODE_V8_COVERAGE = dir;
  try {
    const s = await startLsp();
    if (saved === undefined) delete process.env.NODE_V8_COVERAGE;
    else process.env.NODE_V8_COVERAGE = saved;
    const uri = 'file:///startup/agent-card.json';
    await s.open(uri, 'a2a-agent-card', readFileSync(join(__dirname, 'fixtures', 'good.agent-card.json'), 'utf8'));
    await s.diagnostics(uri);
    await s.stop();
    const scripts = readdirSync(dir).flatMap(
      (f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { result: ScriptCoverage[] }).result,
    );
    const server = scripts.find((c) => c.url.endsWith('/server/dist/server.js'));
    assert.ok(server, `no coverage of server.js: ${scripts.map((c) => c.url).join(', ')}`);
    const wrappers = server.functions.filter((f) => NOT_EVALUATED.test(f.functionName));
    assert.ok(wrappers.length > 0, 'the bundle has no module wrappers of those packages: the check would see nothing');
    assert.deepEqual(
      wrappers.filter((f) => (f.ranges[0]?.count ?? 0) > 0).map((f) => f.functionName),
      [],
    );
    // and when a text needs them, they load and find what they find
    const later = await startLsp();
    const card = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'good.agent-card.json'), 'utf8')) as {
      description: string;
    };
    // (split, so that the repository holds no token-shaped string)
    card.description += ` Use ${'ghp_'}R8a2kQ9vLm3ZpT6wYx1NcB4dF7hJ0sUeVq5G to call it.`;
    const secretUri = 'file:///startup/secret.agent-card.json';
    await later.open(secretUri, 'a2a-agent-card', JSON.stringify(card, null, 2));
    const found = await later.diagnostics(secretUri);
    await later.stop();
    assert.ok(
      found.some((d) => d.code === 'secrets-in-card' && /GitHub token/.test(JSON.stringify(d.message))),
      JSON.stringify(found),
    );
  } finally {
    if (saved === undefined) delete process.env.NODE_V8_COVERAGE;
    else process.env.NODE_V8_COVERAGE = saved;
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the server bundle is ASCII, which V8 reads and scans at one byte per character', () => {
  const text = readFileSync(SERVER, 'utf8');
  const at = text.search(/[\u0080-\uffff]/);
  assert.equal(at, -1, `non-ASCII at offset ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`);
});
