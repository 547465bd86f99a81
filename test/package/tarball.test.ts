/**
 * The npm package as a user gets it: `npm run pack:cli` writes dist/a2acap-<version>.tgz; it is installed into an
 * empty project (`npm i ./a2acap-<version>.tgz`, offline: the package has no dependencies) and used from there
 * only: the `a2acap` bin (lint, compile, pin, check --card), the `a2a-language-server` bin over LSP stdio
 * (diagnostics and a hover), the library from an ESM script, and its type declarations under `tsc`.
 * Needs the generated validators (`npm run build`, which npm test runs first).
 */
import { strict as assert } from 'node:assert';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { neovimScenario, skipNeovim } from '../editors/neovimScenario';
import {
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';

const ROOT = join(__dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const TARBALL = join(ROOT, 'dist', `a2acap-${VERSION}.tgz`);
const CORPUS = join(ROOT, 'test', 'fixtures', 'corpus', 'v1');
/** A valid 1.0 card (JSONRPC, skills route-optimizer-traffic and custom-map-generator). */
const GOOD = join(CORPUS, 'a2aproject__A2A__spec-main-sample-card.json');
/** The same sample as released in 1.0.1: the 0.3 member `security` (legacy-card-shape at /security). */
const LEGACY = join(CORPUS, 'a2aproject__A2A__spec-v1.0.1-sample-card.json');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

let project: string;

function run(cmd: string, args: string[], timeout = 240_000): SpawnSyncReturns<string> {
  // npm_config_* from an enclosing `npm test` would point npm at this repository's settings.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  return spawnSync(cmd, args, { cwd: project, encoding: 'utf8', timeout, env: { ...env, NO_UPDATE_NOTIFIER: '1' } });
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  assert.equal(r.status, 0, `${what}: exit ${r.status}\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

before(() => {
  const packed = spawnSync(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 180_000,
  });
  assert.equal(packed.status, 0, packed.stderr);
  assert.ok(existsSync(TARBALL), `${TARBALL} written`);
  project = mkdtempSync(join(tmpdir(), 'a2acap-consumer-'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
  );
  copyFileSync(TARBALL, join(project, `a2acap-${VERSION}.tgz`));
  copyFileSync(GOOD, join(project, 'agent-card.json'));
  copyFileSync(LEGACY, join(project, 'legacy.agent-card.json'));
  ok(
    run(
      npm,
      ['install', `./a2acap-${VERSION}.tgz`, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'],
      120_000,
    ),
    'npm install',
  );
});

after(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the a2acap tarball, installed into an empty project', () => {
  it(
    'Neovim, headless, starts the installed a2a-language-server: diagnostics, a hover, a quick fix',
    { skip: skipNeovim },
    async (t) => {
      await neovimScenario(t, join(project, 'node_modules', '.bin'));
    },
  );

  it('is a package ready to publish: name, bins, exports, engines, license, README, no dependencies, no editor client', () => {
    const installed = join(project, 'node_modules', 'a2acap');
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(pkg.name, 'a2acap');
    assert.equal(pkg.version, VERSION);
    assert.equal(pkg.private, undefined);
    assert.deepEqual(Object.keys(pkg.bin as object).sort(), ['a2a-language-server', 'a2acap']);
    assert.deepEqual((pkg.exports as Record<string, unknown>)['.'], {
      types: './dist/index.d.ts',
      import: './dist/index.mjs',
    });
    assert.match(String((pkg.engines as Record<string, string>).node), /^>=20/);
    assert.equal(pkg.license, 'MIT');
    for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies', 'scripts'])
      assert.equal(pkg[key], undefined, key);
    assert.ok(existsSync(join(installed, 'LICENSE')));
    assert.match(readFileSync(join(installed, 'README.md'), 'utf8'), /^# a2acap\n/);
    const manifest = ok(spawnSync('tar', ['tzf', TARBALL], { encoding: 'utf8' }), 'tar');
    assert.doesNotMatch(manifest, /extension|client\/|\.map$|\.ts$(?<!\.d\.ts$)|node_modules/m);
    // Nothing installed besides the package itself.
    assert.deepEqual(
      ok(run(npm, ['ls', '--all', '--parseable', '--offline']), 'npm ls')
        .trim()
        .split('\n')
        .slice(1)
        .map((p) => p.slice(project.length + 1)),
      ['node_modules/a2acap'],
    );
    assert.ok(statSync(TARBALL).size < 2 * 1024 * 1024, `the tarball is ${statSync(TARBALL).size} bytes`);
  });

  it('ships every bundle the bins and the library load on demand, and each loads', () => {
    const dist = join(project, 'node_modules', 'a2acap', 'dist');
    const beside = new Set(
      ['cli.cjs', 'server.cjs', 'index.mjs'].flatMap((f) =>
        [...readFileSync(join(dist, f), 'utf8').matchAll(/\brequire\("\.\/([\w.-]+)"\)/g)].map((m) => m[1] ?? ''),
      ),
    );
    for (const name of ['undici.cjs', 'jose.cjs', 'mcp-sdk.cjs', 'grpc-runtime.cjs'])
      assert.ok(beside.has(name), `${name} is loaded from beside the bundles (${[...beside].join(', ')})`);
    for (const name of beside) {
      assert.ok(existsSync(join(dist, name)), `${name} is in the package`);
      ok(
        spawnSync(process.execPath, ['-e', `require(${JSON.stringify(join(dist, name))})`], { encoding: 'utf8' }),
        name,
      );
    }
  });

  it('npx a2acap lint: the finding with its rule id and pointer, exit 1; a clean card exits 0', () => {
    const r = run(npx, ['--offline', 'a2acap', 'lint', 'legacy.agent-card.json', '--format', 'json']);
    assert.equal(r.status, 1, r.stderr);
    const report = JSON.stringify(JSON.parse(r.stdout));
    assert.match(report, /"legacy-card-shape"/);
    assert.match(report, /"\/security"/);
    assert.equal(run(npx, ['--offline', 'a2acap', 'lint', 'agent-card.json']).status, 0);
  });

  it('npx a2acap compile: the chosen interface and the skills', () => {
    const profile = JSON.parse(
      ok(run(npx, ['--offline', 'a2acap', 'compile', 'agent-card.json', '--format', 'json']), 'compile'),
    ) as {
      usable: boolean;
      interface: { binding: string };
      skills: Record<string, unknown>;
    };
    assert.equal(profile.usable, true);
    assert.equal(profile.interface.binding, 'JSONRPC');
    assert.deepEqual(Object.keys(profile.skills).sort(), ['custom-map-generator', 'route-optimizer-traffic']);
  });

  it('npx a2acap check --card: a lockfile pinned from the card is compatible with it, and breaks when the skill goes', () => {
    ok(
      run(npx, [
        '--offline',
        'a2acap',
        'pin',
        'agent-card.json',
        '--skill',
        'route-optimizer-traffic',
        '--out',
        'route.a2a-lock.json',
      ]),
      'pin',
    );
    assert.match(
      ok(run(npx, ['--offline', 'a2acap', 'check', 'route.a2a-lock.json', '--card', 'agent-card.json']), 'check'),
      /compatible/,
    );
    const card = JSON.parse(readFileSync(join(project, 'agent-card.json'), 'utf8')) as { skills: { id: string }[] };
    card.skills = card.skills.filter((s) => s.id !== 'route-optimizer-traffic');
    writeFileSync(join(project, 'changed.agent-card.json'), JSON.stringify(card, null, 2));
    const broken = run(npx, [
      '--offline',
      'a2acap',
      'check',
      'route.a2a-lock.json',
      '--card',
      'changed.agent-card.json',
    ]);
    assert.equal(broken.status, 1, broken.stderr);
    assert.match(broken.stdout, /breaking/);
  });

  it('npx a2a-language-server without a transport: one line of usage, exit 2, no stack trace', () => {
    const r = run(npx, ['--offline', 'a2a-language-server']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^Usage: a2a-language-server --stdio\n/);
    assert.doesNotMatch(r.stderr, /\bat \S+ \(|Error:/);
    assert.equal(ok(run(npx, ['--offline', 'a2a-language-server', '--version']), '--version').trim(), VERSION);
  });

  it('npx a2a-language-server --stdio: diagnostics with their code, and a hover on a skill', async () => {
    const child = spawn(npx, ['--offline', 'a2a-language-server', '--stdio'], {
      cwd: project,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const connection = createProtocolConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    const published = new Map<string, Diagnostic[]>();
    const waiting = new Map<string, (d: Diagnostic[]) => void>();
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      published.set(p.uri, p.diagnostics);
      waiting.get(p.uri)?.(p.diagnostics);
    });
    connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
    connection.listen();
    const diagnosticsOf = (uri: string): Promise<Diagnostic[]> =>
      new Promise((resolve, reject) => {
        const done = published.get(uri);
        if (done) return resolve(done);
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri}; stderr: ${stderr}`)), 20_000);
        waiting.set(uri, (d) => {
          clearTimeout(timer);
          resolve(d);
        });
      });
    try {
      await connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: pathToFileURL(project).href,
        workspaceFolders: [{ uri: pathToFileURL(project).href, name: 'consumer' }],
        capabilities: {
          workspace: { configuration: true },
          textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] } },
        },
      });
      await connection.sendNotification(InitializedNotification.type, {});
      const legacyUri = pathToFileURL(join(project, 'legacy.agent-card.json')).href;
      const legacyText = readFileSync(join(project, 'legacy.agent-card.json'), 'utf8');
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: legacyUri, languageId: 'json', version: 1, text: legacyText },
      });
      const diagnostics = await diagnosticsOf(legacyUri);
      const legacy = diagnostics.find((d) => d.code === 'legacy-card-shape');
      assert.ok(legacy, `legacy-card-shape among ${diagnostics.map((d) => d.code).join(', ')}`);
      assert.equal(
        legacy.range.start.line,
        legacyText.slice(0, legacyText.indexOf('"security"')).split('\n').length - 1,
      );

      const goodUri = pathToFileURL(join(project, 'agent-card.json')).href;
      const goodText = readFileSync(join(project, 'agent-card.json'), 'utf8');
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: goodUri, languageId: 'json', version: 1, text: goodText },
      });
      await diagnosticsOf(goodUri);
      const at = goodText.indexOf('"route-optimizer-traffic"') + 3;
      const before = goodText.slice(0, at).split('\n');
      const hover = await connection.sendRequest(HoverRequest.type, {
        textDocument: { uri: goodUri },
        position: { line: before.length - 1, character: before.at(-1)!.length },
      });
      assert.ok(hover, 'a hover on the skill');
      const text = JSON.stringify(hover.contents);
      // Markdown: the skill id is escaped (route\-optimizer\-traffic).
      assert.match(text, /Skill route.{0,4}-optimizer.{0,4}-traffic/);
      assert.match(text, /compiled profile for this client/);
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
    } finally {
      connection.dispose();
      if (child.exitCode === null)
        await new Promise((resolve) => {
          child.once('exit', resolve);
          setTimeout(() => {
            child.kill();
            resolve(undefined);
          }, 5_000);
        });
    }
    assert.equal(stderr, '');
  });

  it('the library from an ESM script: lint and compile a card, the digest, a lockfile check', () => {
    writeFileSync(
      join(project, 'use.mjs'),
      `
import { readFileSync } from 'node:fs';
import { cardDigest, checkLockfile, compileCard, lint, readLockfile } from 'a2acap';
const card = JSON.parse(readFileSync('agent-card.json', 'utf8'));
const profile = compileCard(card, { client: { bindings: ['HTTP+JSON@1.0', 'JSONRPC@1.0'] } });
const findings = lint(readFileSync('legacy.agent-card.json', 'utf8')).findings.map((f) => [f.code, f.pointer, f.range.start.line]);
const lock = readLockfile(readFileSync('route.a2a-lock.json', 'utf8'));
console.log(JSON.stringify({ binding: profile.interface.binding, skills: Object.keys(profile.skills), findings, digest: cardDigest(card),
  pinned: lock.ok && lock.lockfile.card_digest, check: lock.ok && checkLockfile(lock.lockfile, card).classification }));
`,
    );
    const out = JSON.parse(ok(run(process.execPath, ['use.mjs']), 'node use.mjs')) as {
      binding: string;
      skills: string[];
      findings: [string, string, number][];
      digest: string;
      pinned: string;
      check: string;
    };
    assert.equal(out.binding, 'JSONRPC');
    assert.deepEqual(out.skills.sort(), ['custom-map-generator', 'route-optimizer-traffic']);
    assert.ok(
      out.findings.some(([code, pointer, line]) => code === 'legacy-card-shape' && pointer === '/security' && line > 0),
    );
    assert.match(out.digest, /^sha256:[0-9a-f]{64}$/);
    assert.equal(out.pinned, out.digest);
    assert.equal(out.check, 'compatible');
  });

  it('the type declarations: a TypeScript consumer type-checks against them, and a misuse does not', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const types = ['--typeRoots', join(ROOT, 'node_modules', '@types'), '--types', 'node'];
    const flags = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      ...types,
    ];
    writeFileSync(
      join(project, 'use.ts'),
      `
import { compileCard, createNetworkClient, fetchCard, lint, memoryStaleMarkers, sendToSkill, type Finding, type Profile } from 'a2acap';
const profile: Profile = compileCard({}, { client: { bindings: ['JSONRPC@1.0'], knownExtensions: [] } });
const findings: Finding[] = lint('{}', { fileName: 'agent-card.json', rules: { schema: 'warning' } }).findings;
const line: number = findings[0]?.range.start.line ?? 0;
export async function call(): Promise<boolean> {
  const network = createNetworkClient({ allowHosts: ['localhost'] });
  try {
    const fetched = await fetchCard('https://agent.example', { network });
    if (!fetched.profile) return false;
    const sent = await sendToSkill(fetched.profile, 'summarize', [{ text: 'hello' }], { network, agent: fetched.url, stale: memoryStaleMarkers(), stream: true });
    return sent.ok && !sent.fellBack && profile.usable && line >= 0;
  } finally {
    await network.close();
  }
}
`,
    );
    ok(run(process.execPath, [tsc, ...flags, 'use.ts']), 'tsc use.ts');
    writeFileSync(
      join(project, 'misuse.ts'),
      `
import { compileCard } from 'a2acap';
const wrong: string = compileCard({}).usable;
export { wrong };
`,
    );
    const r = run(process.execPath, [tsc, ...flags, 'misuse.ts']);
    assert.equal(r.status, 2, 'a type error is reported');
    assert.match(r.stdout, /misuse\.ts.*TS2322/);
  });
});
