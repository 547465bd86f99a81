// `node scripts/capture-outputs.mjs DIR`: every user-visible output of the built CLI, the MCP server and the library
// over the in-repo fixtures, one file per output, for a byte-for-byte comparison of two builds (`diff -r A B`).
// A dev tool for refactors that must change nothing for users: run it on the build before the change into one
// directory, after it into another, and account for every difference. Offline: no call leaves this machine.
// Needs the build (`npm run build`); runs from any working directory, with the repository as the CLI's.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'server', 'dist', 'cli.js');
const outDir = process.argv[2] ? resolve(process.argv[2]) : undefined;
if (!outDir) {
  process.stderr.write('Usage: node scripts/capture-outputs.mjs DIR\n');
  process.exit(2);
}
if (!existsSync(cli)) {
  process.stderr.write(`capture-outputs: ${relative(process.cwd(), cli)} is missing: run npm run build first\n`);
  process.exit(2);
}
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

/** Every .json file under the fixture folders that hold cards and lockfiles, expectations left out. */
const CARD_DIRS = ['cards', 'corpus', 'compile', 'quick-fixes', 'redact', 'secrets', 'signatures', 'duplicate-names'];
function jsonFiles(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...jsonFiles(path));
    else if (name.endsWith('.json') && !name.endsWith('.expected.json') && !name.endsWith('.settings.json'))
      found.push(path);
  }
  return found;
}
const fixtures = join(root, 'test', 'fixtures');
const documents = CARD_DIRS.flatMap((d) => jsonFiles(join(fixtures, d))).map((p) => relative(root, p));
const checkCases = readdirSync(join(fixtures, 'check'))
  .sort()
  .map((d) => join('test', 'fixtures', 'check', d))
  .filter((d) => existsSync(join(root, d, 'lock.json')));
const lockfiles = documents.filter((p) => p.endsWith('.a2a-lock.json'));
const otherLockfiles = jsonFiles(join(fixtures, 'lockfiles')).map((p) => relative(root, p));

/** A file name for an output: its command line, flattened. */
function slug(parts) {
  return parts
    .join(' ')
    .replace(/^test\/fixtures\//, '')
    .replace(/[^A-Za-z0-9._=@-]+/g, '_')
    .slice(0, 200);
}

function runCli(args) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: root,
      // No inherited A2ACAP_* settings, no proxy: the same run on every machine.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done(`exit ${code}\n--- stdout\n${stdout}--- stderr\n${stderr}`));
  });
}

const jobs = [];
const cliJob = (folder, args) => jobs.push({ file: join('cli', folder, `${slug(args)}.txt`), run: () => runCli(args) });

// Help and usage.
for (const args of [[], ['--help'], ['help'], ['--version'], ['nope'], ['help', 'lint']]) cliJob('usage', args);
for (const c of ['lint', 'compile', 'check', 'fetch', 'probe', 'pin', 'update', 'mcp']) {
  cliJob('usage', [c, '--help']);
  cliJob('usage', [c]);
  cliJob('usage', [c, '--no-such-flag', 'x']);
}
for (const args of [
  ['lint', 'test/fixtures/cards/valid/pricing-agent.json', '--format', 'yaml'],
  ['lint', 'test/fixtures/cards/valid/pricing-agent.json', '--rule', 'no-such-rule=off'],
  ['lint', 'test/fixtures/cards/valid/pricing-agent.json', '--rule', 'unknown-field=loud'],
  ['lint', 'test/fixtures/no/such/file.json'],
  ['compile', 'test/fixtures/cards/valid/pricing-agent.json', '--binding', 'JSONRPC'],
  ['compile', 'test/fixtures/no/such/card.json'],
  ['check', 'test/fixtures/check/compatible-identical/lock.json', '--fail-on', 'nothing'],
  ['check', 'test/fixtures/check/compatible-identical/lock.json', '--card', 'x.json', '--live'],
  ['pin', 'test/fixtures/cards/valid/pricing-agent.json'],
  ['pin', 'test/fixtures/cards/valid/pricing-agent.json', '--skill', 'no-such-skill'],
  ['probe', 'test/fixtures/cards/valid/pricing.a2a-lock.json', '--min-interval', 'soon'],
  ['update', 'test/fixtures/lockfiles/invalid-syntax.json'],
  ['fetch', 'not a url'],
  ['fetch', 'ftp://example.com/card.json'],
])
  cliJob('usage', args);

// Lint and compile over every card and lockfile.
for (const file of documents) {
  for (const format of ['json', 'text', 'sarif', 'codequality']) cliJob('lint', ['lint', file, '--format', format]);
  if (!file.endsWith('.a2a-lock.json'))
    for (const format of ['json', 'text']) cliJob('compile', ['compile', file, '--format', format]);
}
for (const file of otherLockfiles) cliJob('lint', ['lint', file, '--format', 'json']);

/** A check fixture's client.json as the CLI's client flags. */
function clientFlags(file) {
  if (!existsSync(file)) return [];
  const client = JSON.parse(readFileSync(file, 'utf8'));
  return [
    ...(client.bindings ?? []).flatMap((b) => ['--binding', `${b.binding}@${b.version}`]),
    ...(client.knownExtensions ?? []).flatMap((uri) => ['--known-extension', uri]),
  ];
}

// Check, offline: the check fixtures against their cards, the other lockfiles as they are.
const CHECK_FORMATS = ['json', 'text', 'sarif', 'markdown', 'codequality'];
for (const dir of checkCases) {
  const config = clientFlags(join(root, dir, 'client.json'));
  for (const format of CHECK_FORMATS)
    cliJob('check', ['check', join(dir, 'lock.json'), '--card', join(dir, 'card.json'), '--format', format, ...config]);
}
for (const file of [...lockfiles, ...otherLockfiles]) cliJob('check', ['check', file, '--format', 'json']);
cliJob('check', ['check', ...checkCases.slice(0, 4).map((d) => join(d, 'lock.json')), '--format', 'text']);

// Pin, to stdout, from card files.
for (const args of [
  ['pin', 'test/fixtures/cards/valid/pricing-agent.json', '--skill', 'quote'],
  ['pin', 'test/fixtures/cards/valid/pricing-agent.json', '--skill', 'quote', '--input', 'application/json'],
  ['pin', 'test/fixtures/corpus/v1/a2aproject__A2A__spec-v1.0.1-sample-card.json', '--skill', 'no-such'],
  ['pin', 'test/fixtures/redact/userinfo-interfaces.card.json', '--skill', 'x'],
])
  cliJob('pin', args);

// The MCP tools, over stdio, with the fixtures as the root.
const MCP_CALLS = [
  ['a2a_profile', { source: 'cards/valid/pricing-agent.json' }],
  ['a2a_profile', { source: 'cards/valid/pricing-agent.json', skill: 'quote' }],
  ['a2a_profile', { source: 'corpus/v1/a2aproject__A2A__spec-v1.0.1-sample-card.json' }],
  ['a2a_profile', { source: 'redact/userinfo-interfaces.card.json' }],
  ['a2a_profile', { source: 'redact/tricky-userinfo.card.json' }],
  ['a2a_profile', { source: 'cards/suspicious-text/class-tag-block-rest.json' }],
  ['a2a_profile', { source: 'cards/invalid-json/broken.json' }],
  ['a2a_profile', { source: join(root, 'package.json') }],
  ['a2a_profile', { source: 'no/such/card.json' }],
  ['a2a_profile', { source: 'http://127.0.0.1:9/card.json' }],
  ['a2a_profile', { source: 'cards/valid/pricing-agent.json', bindings: ['GRPC@1.0'] }],
  ['a2a_how_to_call', { source: 'cards/valid/pricing-agent.json', skill: 'quote' }],
  ['a2a_how_to_call', { source: 'cards/valid/pricing-agent.json', skill: 'no-such' }],
  ['a2a_how_to_call', { source: 'redact/userinfo-interfaces.card.json', skill: 'x' }],
  ['a2a_check_lockfile', { lockfile: 'cards/valid/pricing.a2a-lock.json' }],
  ['a2a_check_lockfile', { lockfile: 'lockfiles/invalid-syntax.json' }],
  ['a2a_check_lockfile', { lockfile: 'lockfiles/valid-minimal.json' }],
  ['a2a_check_lockfile', { lockfile: 'check/breaking-extension-gone/lock.json' }],
  ['a2a_lockfiles', {}],
  ['a2a_pin', { source: 'cards/valid/pricing-agent.json', skills: ['quote'] }],
  ['a2a_pin', { source: 'cards/valid/pricing-agent.json', skills: ['no-such'] }],
  ['a2a_pin', { source: 'redact/userinfo-interfaces.card.json', skills: ['x'] }],
  ['a2a_pin', { source: 'cards/valid/pricing-agent.json', skills: ['quote'], write: true }],
  ['a2a_no_such_tool', {}],
];
// Every corpus card through a2a_profile: the answer most of the card text reaches.
for (const file of documents.filter((p) => p.includes('/corpus/')))
  MCP_CALLS.push(['a2a_profile', { source: relative(join('test', 'fixtures'), file) }]);

async function captureMcp() {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--root', fixtures],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'capture-outputs', version: '0.0.0' });
  await client.connect(transport);
  const write = (name, text) => {
    const file = join(outDir, 'mcp', `${name}.txt`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write('tools-list', JSON.stringify(await client.listTools(), null, 2));
  for (const [i, [name, args]] of MCP_CALLS.entries()) {
    let text;
    try {
      text = JSON.stringify(await client.callTool({ name, arguments: args }), null, 2);
    } catch (err) {
      text = `threw: ${err instanceof Error ? err.message : String(err)}`;
    }
    write(`${String(i).padStart(3, '0')}-${slug([name, JSON.stringify(args)])}`, text);
  }
  await client.close();
}

/** The library's lint() and compileCard() over every document, in one process (tsx). */
function captureLibrary() {
  const api = ['server/src/api/index.ts', 'server/src/lib/index.ts'].find((p) => existsSync(join(root, p)));
  const code = `
    const { readFileSync, writeFileSync, mkdirSync } = require('node:fs');
    const { join } = require('node:path');
    const api = require(${JSON.stringify(join(root, api))});
    const [out, ...files] = JSON.parse(process.argv[1]);
    mkdirSync(out, { recursive: true });
    for (const file of files) {
      const text = readFileSync(join(${JSON.stringify(root)}, file), 'utf8');
      const name = file.replace(/^test\\/fixtures\\//, '').replace(/[^A-Za-z0-9._=@-]+/g, '_');
      const report = api.lint(text, { fileName: file });
      let compiled;
      try { compiled = api.compileCard(JSON.parse(text)); } catch (e) { compiled = 'threw: ' + e.message; }
      writeFileSync(join(out, name + '.txt'), JSON.stringify({ kind: report.kind, findings: report.findings, tooLarge: report.tooLarge, compiled }, null, 2));
    }`;
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', code, JSON.stringify([join(outDir, 'library'), ...documents])],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('close', done);
  });
}

let next = 0;
async function worker() {
  while (next < jobs.length) {
    const job = jobs[next++];
    const text = await job.run();
    const file = join(outDir, job.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
const started = Date.now();
await Promise.all([
  ...Array.from({ length: Math.max(2, Math.min(4, availableParallelism())) }, worker),
  captureMcp(),
  captureLibrary(),
]);
process.stdout.write(
  `capture-outputs: ${jobs.length} CLI runs, ${MCP_CALLS.length + 1} MCP answers, ${documents.length} library ` +
    `reports in ${relative(process.cwd(), outDir) || '.'} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
);
