/**
 * The install path the documents give until a2acap is on the npm registry: `npm run pack:cli` in a checkout, then
 * `npm i -g dist/a2acap-<version>.tgz`. The tarball is packed into a folder of this test's own (`--out`, so
 * tarball.test.ts can pack dist/ at the same time), installed globally into a temporary prefix, offline, and used
 * from there only, by the names the documents use: `a2acap --version`, `a2acap lint` on a fixture, and `a2acap mcp`
 * started as an MCP host starts `"command": "a2acap"` (the official SDK client over stdio, the tools listed). The
 * CI recipe's form, `npm install --global <URL of the release's tarball>`, is installed from a loopback server.
 */
import { strict as assert } from 'node:assert';
import { execFile, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = join(__dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const LEGACY = join(ROOT, 'test', 'fixtures', 'corpus', 'v1', 'a2aproject__A2A__spec-v1.0.1-sample-card.json');
const GOOD = join(ROOT, 'examples', 'cards', 'good.agent-card.json');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let work: string;
let tarball: string;
/** The global prefix: its bin/ is the PATH a user's shell or MCP host would search. */
let prefix: string;
let env: NodeJS.ProcessEnv;

function run(cmd: string, args: string[], timeout = 120_000): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd: work, encoding: 'utf8', timeout, env });
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  assert.equal(r.status, 0, `${what}: exit ${r.status}\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

before(() => {
  work = mkdtempSync(join(tmpdir(), 'a2acap-global-'));
  prefix = join(work, 'prefix');
  // npm_config_* from an enclosing `npm test` would point npm at this repository's settings.
  const outer = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  env = { ...outer, NO_UPDATE_NOTIFIER: '1', PATH: `${join(prefix, 'bin')}${delimiter}${process.env.PATH ?? ''}` };
  const dist = join(work, 'dist');
  ok(run(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs'), '--out', dist], 240_000), 'pack-cli');
  tarball = join(dist, `a2acap-${VERSION}.tgz`);
  assert.ok(existsSync(tarball), `${tarball} written`);
  ok(
    run(npm, ['i', '-g', '--prefix', prefix, tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts']),
    'npm i -g',
  );
  copyFileSync(LEGACY, join(work, 'legacy.agent-card.json'));
  copyFileSync(GOOD, join(work, 'agent-card.json'));
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm i -g dist/a2acap-<version>.tgz, then the commands on PATH', () => {
  it('puts a2acap and a2a-language-server in the prefix bin/', () => {
    for (const bin of ['a2acap', 'a2a-language-server'])
      assert.ok(existsSync(join(prefix, 'bin', bin)), `${bin} in ${join(prefix, 'bin')}`);
  });

  it('a2acap --version prints the version', () => {
    assert.equal(ok(run('a2acap', ['--version']), 'a2acap --version').trim(), VERSION);
  });

  it('a2acap lint: a clean card exits 0, a 0.3-shaped one names the rule and exits 1', () => {
    assert.match(ok(run('a2acap', ['lint', 'agent-card.json']), 'lint'), /no problems in 1 file/);
    const r = run('a2acap', ['lint', 'legacy.agent-card.json']);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stdout, /legacy\.agent-card\.json:\d+:\d+ +\w+ +legacy-card-shape /);
    assert.equal(r.stderr, '');
  });

  it('"command": "a2acap" with "args": ["mcp", "--root", …] starts the MCP server: its tools are listed', async () => {
    const transport = new StdioClientTransport({
      command: 'a2acap',
      args: ['mcp', '--root', work],
      env: { PATH: env.PATH ?? '' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const client = new Client({ name: 'a2acap-global-install-test', version: '0.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      for (const name of ['a2a_profile', 'a2a_how_to_call', 'a2a_check_lockfile'])
        assert.ok(names.includes(name), `${name} among ${names.join(', ')}`);
    } finally {
      await client.close();
    }
    assert.equal(stderr, '');
  });

  it('npm install --global <URL of the tarball> (a release asset, here served on loopback) installs the same', async () => {
    const server = createServer((req, res) => {
      if (req.url !== `/releases/download/v${VERSION}/a2acap-${VERSION}.tgz`) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(tarball));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases/download/v${VERSION}/a2acap-${VERSION}.tgz`;
    const second = join(work, 'prefix-url');
    try {
      // Asynchronously: the server answers from this process.
      const npmArgs = ['install', '--global', '--prefix', second, '--no-audit', '--no-fund', '--ignore-scripts', url];
      await new Promise<void>((resolve, reject) =>
        execFile(npm, npmArgs, { cwd: work, env, timeout: 120_000 }, (err, stdout, stderr) =>
          err ? reject(new Error(`npm install --global URL: ${String(err)}\n${stderr}${stdout}`)) : resolve(),
        ),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const bin = join(second, 'bin', 'a2acap');
    assert.equal(ok(spawnSync(bin, ['--version'], { encoding: 'utf8', env }), 'a2acap --version').trim(), VERSION);
  });
});
