/**
 * a2a_pin of an entry of a catalog FILE (`CATALOG-PATH#IDENTIFIER[@VERSION]`), through the MCP server over stdio:
 * an inline card and an entry's `url` are pinned through the file as `a2acap pin` pins them (the same lockfile, with
 * `found_via.catalog` relative to the lockfile), and a2a_check_lockfile then checks what was written. The entry's url
 * reaches only what the server's launch allows (a loopback agent is never asked without the allowance). A catalog
 * outside the root that holds the lockfile (`..`, a symbolic link out, another root, an absolute path) is refused
 * without reading it: nothing of it (a secret planted there) and no absolute path in any answer.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { cli } from '../cli/helpers';
import { callTool, startMcp, type McpSession } from './helpers';

const INLINE = 'urn:air:example.test:pricing';
const LINKED = 'urn:air:example.test:linked';
const SECRET = 'OUTSIDE-SECRET-91c2';
const A2A = 'application/a2a-agent-card+json';

let top: string;
let root: string;
let other: string;
let server: Server;
let base: string;
let requests: string[];
let mcp: McpSession;
let allowed: McpSession;

function catalog(entries: unknown[]): string {
  return JSON.stringify({ specVersion: '1.0', entries });
}

before(async () => {
  requests = [];
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/card.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pricingCard(base, 'base')));
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  top = mkdtempSync(join(tmpdir(), 'a2a-mcp-pin-catalog-file-'));
  root = join(top, 'root');
  other = join(top, 'other');
  for (const d of [join(root, '.git'), join(root, 'catalogs'), join(root, 'locks'), join(top, 'outside'), other])
    mkdirSync(d, { recursive: true });
  writeFileSync(
    join(root, 'catalogs', 'ai-catalog.json'),
    catalog([
      { identifier: INLINE, version: '1.0.0', type: A2A, data: pricingCard('https://p.example.test', 'base') },
      { identifier: LINKED, version: '2.0.0', type: A2A, url: `${base}/card.json` },
    ]),
  );
  const secretCard = { ...pricingCard('https://p.example.test', 'base'), description: SECRET };
  for (const dir of [join(top, 'outside'), other])
    writeFileSync(
      join(dir, 'ai-catalog.json'),
      catalog([{ identifier: INLINE, version: '1.0.0', type: A2A, data: secretCard }]),
    );
  symlinkSync(join(top, 'outside', 'ai-catalog.json'), join(root, 'catalogs', 'link.ai-catalog.json'));
  mcp = await startMcp(['--root', root, '--root', other]);
  allowed = await startMcp(['--root', root, '--allow-network', 'loopback']);
});
after(async () => {
  await mcp.close();
  await allowed.close();
  rmSync(top, { recursive: true, force: true });
  await new Promise<void>((done) => server.close(() => done()));
});

const lockfileAt = (name: string) =>
  JSON.parse(readFileSync(join(root, 'locks', name), 'utf8')) as Record<string, unknown>;

describe('a2a_pin of an entry of a catalog file', () => {
  test('an inline card: pinned through the file, the lockfile a2acap pin writes, and checked', async () => {
    const answer = await callTool(mcp, 'a2a_pin', {
      source: `catalogs/ai-catalog.json#${INLINE}@1.0.0`,
      skills: ['itinerary-pricing'],
      lockfile: 'locks/inline.a2a-lock.json',
      write: true,
    });
    assert.equal(answer.isError, false, answer.text);
    const written = lockfileAt('inline.a2a-lock.json');
    assert.deepEqual(written.found_via, {
      catalog: '../catalogs/ai-catalog.json',
      identifier: INLINE,
      version: '1.0.0',
    });
    const byCli = await cli(
      [
        'pin',
        `catalogs/ai-catalog.json#${INLINE}@1.0.0`,
        '--skill',
        'itinerary-pricing',
        '--out',
        'locks/cli.a2a-lock.json',
      ],
      root,
    );
    assert.equal(byCli.code, 0, byCli.stderr);
    const fromCli = lockfileAt('cli.a2a-lock.json');
    assert.deepEqual({ ...written, pinned_at: '' }, { ...fromCli, pinned_at: '' });
    const checked = await callTool(mcp, 'a2a_check_lockfile', { lockfile: 'locks/inline.a2a-lock.json' });
    assert.equal(checked.isError, false, checked.text);
    assert.equal(
      (JSON.parse(checked.text) as { results: { classification?: string }[] }).results[0]!.classification,
      'compatible',
      checked.text,
    );
  });

  test("an entry's url to a loopback agent: refused without the launch's allowance, nothing requested", async () => {
    requests.length = 0;
    const answer = await callTool(mcp, 'a2a_pin', {
      source: `catalogs/ai-catalog.json#${LINKED}`,
      skills: ['itinerary-pricing'],
    });
    assert.equal(answer.isError, true, answer.text);
    assert.deepEqual(requests, []);
  });

  test("an entry's url with the allowance: the card URL is the agent, the catalog is where it was found", async () => {
    const answer = await callTool(allowed, 'a2a_pin', {
      source: `catalogs/ai-catalog.json#${LINKED}`,
      skills: ['itinerary-pricing'],
      lockfile: 'locks/linked.a2a-lock.json',
      write: true,
    });
    assert.equal(answer.isError, false, answer.text);
    const written = lockfileAt('linked.a2a-lock.json');
    assert.equal(written.agent, `${base}/card.json`);
    assert.deepEqual(written.found_via, {
      catalog: '../catalogs/ai-catalog.json',
      identifier: LINKED,
      version: '2.0.0',
    });
  });

  test('an identifier the catalog does not list: a clear error', async () => {
    const answer = await callTool(mcp, 'a2a_pin', { source: 'catalogs/ai-catalog.json#urn:nobody', skills: ['x'] });
    assert.equal(answer.isError, true);
    assert.match(answer.text, /urn:nobody/);
  });

  test('an entry that names no card: the catalog named as the caller gave it, no absolute path', async () => {
    writeFileSync(
      join(root, 'catalogs', 'empty.ai-catalog.json'),
      catalog([{ identifier: INLINE, version: '1.0.0', type: A2A }]),
    );
    const answer = await callTool(mcp, 'a2a_pin', {
      source: `catalogs/empty.ai-catalog.json#${INLINE}`,
      skills: ['x'],
    });
    assert.equal(answer.isError, true);
    assert.match(answer.text, /catalogs\/empty\.ai-catalog\.json/);
    assert.ok(!answer.text.includes(top), answer.text);
  });

  test('an inline card the schema refuses: the error names the catalog under the root', async () => {
    writeFileSync(
      join(root, 'catalogs', 'bad.ai-catalog.json'),
      catalog([
        { identifier: INLINE, version: '1.0.0', type: A2A, data: { name: 'Broken', supportedInterfaces: [7] } },
      ]),
    );
    const answer = await callTool(mcp, 'a2a_pin', { source: `catalogs/bad.ai-catalog.json#${INLINE}`, skills: ['x'] });
    assert.equal(answer.isError, true);
    assert.match(answer.text, /catalogs\/bad\.ai-catalog\.json#/);
    assert.ok(!answer.text.includes(top), answer.text);
  });

  test('a catalog that is missing, or a FIFO: a clear error, at once', async () => {
    const missing = await callTool(mcp, 'a2a_pin', {
      source: `catalogs/none.ai-catalog.json#${INLINE}`,
      skills: ['x'],
    });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /cannot read the catalog/);
    execFileSync('mkfifo', [join(root, 'catalogs', 'fifo.ai-catalog.json')]);
    const fifo = await callTool(mcp, 'a2a_pin', { source: `catalogs/fifo.ai-catalog.json#${INLINE}`, skills: ['x'] });
    assert.equal(fifo.isError, true);
    assert.match(fifo.text, /cannot read the catalog/);
    assert.ok(!fifo.text.includes(top), fifo.text);
  });

  const attacks: { name: string; source: () => string; lockfile?: string }[] = [
    { name: 'a relative path up and out of the root', source: () => `../outside/ai-catalog.json#${INLINE}` },
    { name: 'a symbolic link out of the root', source: () => `catalogs/link.ai-catalog.json#${INLINE}` },
    {
      name: 'a catalog in another root than the lockfile',
      source: () => `${join(other, 'ai-catalog.json')}#${INLINE}`,
      lockfile: 'locks/other.a2a-lock.json',
    },
    { name: 'an absolute path', source: () => `${join(top, 'outside', 'ai-catalog.json')}#${INLINE}` },
  ];
  for (const attack of attacks)
    test(`refused: ${attack.name}`, async () => {
      const answer = await callTool(mcp, 'a2a_pin', {
        source: attack.source(),
        skills: ['itinerary-pricing'],
        ...(attack.lockfile ? { lockfile: attack.lockfile } : {}),
      });
      const seen = `${answer.text}\n${answer.untrusted ?? ''}\n${mcp.stderr()}`;
      assert.equal(answer.isError, true, answer.text);
      assert.match(answer.text, /not inside the root that holds the lockfile/);
      assert.ok(!seen.includes(SECRET), seen);
      assert.ok(!seen.includes(top), `no absolute path in: ${seen}`);
    });
});
