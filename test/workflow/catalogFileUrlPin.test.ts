/**
 * An entry of a workspace catalog FILE that names its card by `url` is pinned through the file, by the editor's
 * "Pin this agent" (the real language server over stdio) and by `a2acap pin CATALOG-PATH#IDENTIFIER[@VERSION]` alike:
 * both write the same lockfile, whose `agent` is the card URL and whose `found_via.catalog` is the catalog relative
 * to the lockfile. `check --live` (CLI and editor) then reads the entry again and follows the agent when the catalog
 * file moves it to another URL. A real HTTP server on loopback serves the cards. Catalogs outside the repository
 * (`..`, a symbolic link out, an absolute path) are refused by the pin and by the check, and never read.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { CheckLockfilesRequest, PinRequest } from '../../server/src/protocol';
import { cli } from '../cli/helpers';
import { startLsp, type LspSession } from '../lsp/harness';

const IDENTIFIER = 'urn:air:example.test:pricing';
const SKILL = 'itinerary-pricing';
const A2A = 'application/a2a-agent-card+json';

let server: Server;
let base: string;
const requested: string[] = [];
let top: string;
let ws: string;
let lsp: LspSession;

const catalogPath = () => join(ws, 'catalogs', 'ai-catalog.json');
const catalogOf = (cardPath: string) => ({
  specVersion: '1.0',
  entries: [{ identifier: IDENTIFIER, version: '1.0.0', type: A2A, url: `${base}${cardPath}` }],
});
const writeCatalog = (path: string, cardPath: string) => writeFileSync(path, JSON.stringify(catalogOf(cardPath)));
const readLock = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

before(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    requested.push(path);
    if (path === '/cards/base.json' || path === '/cards/moved.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pricingCard(base, 'base')));
    else if (path === '/cards/outside.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"OUTSIDE-SECRET": true}');
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  top = mkdtempSync(join(tmpdir(), 'a2a-catalog-url-pin-'));
  ws = join(top, 'ws');
  for (const d of ['.git', 'catalogs', 'locks']) mkdirSync(join(ws, d), { recursive: true });
  mkdirSync(join(top, 'outside'));
  writeCatalog(catalogPath(), '/cards/base.json');
  writeCatalog(join(top, 'outside', 'ai-catalog.json'), '/cards/outside.json');
  symlinkSync(join(top, 'outside', 'ai-catalog.json'), join(ws, 'catalogs', 'link.ai-catalog.json'));
  lsp = await startLsp({ settings: { workspaceTrusted: true }, workspaceFolders: [ws] });
});
after(async () => {
  await lsp.stop();
  rmSync(top, { recursive: true, force: true });
  await new Promise<void>((done) => server.close(() => done()));
});

/** What the editor's "Pin this agent" sends for the lens above the entry, into `target`. */
async function editorPin(target: string): Promise<{ written: boolean; error?: string }> {
  const uri = pathToFileURL(catalogPath()).href;
  await lsp.open(uri, 'a2a-ai-catalog', readFileSync(catalogPath(), 'utf8'));
  const lenses = (await lsp.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  await lsp.close(uri);
  assert.deepEqual(
    lenses.map((l) => l.command?.arguments?.[0]),
    [{ catalog: uri, identifier: IDENTIFIER, version: '1.0.0' }],
  );
  // What client/src/commands/pinAgent.ts makes of the lens argument.
  const { catalog, ...entry } = lenses[0]!.command!.arguments![0] as { catalog: string; identifier: string };
  return lsp.connection.sendRequest(PinRequest.type, {
    source: { catalogEntry: { uri: catalog, ...entry } },
    selection: { skills: [SKILL], input: [], output: [], streaming: false, extensions: [] },
    target: pathToFileURL(target).href,
    probe: false,
  });
}

type Item = { level: string; pointer: string; message: string };

async function editorCheck(lock: string): Promise<{ verdict: string; items: Item[] }> {
  const r = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [pathToFileURL(lock).href] });
  const entry = r.results[0]!;
  return {
    verdict: entry.verdict,
    items: entry.items.map(({ level, pointer, message }) => ({ level, pointer, message })),
  };
}

async function cliCheck(lock: string): Promise<{ verdict: string; items: Item[]; output: string }> {
  const r = await cli(['check', '--live', lock, '--format', 'json'], ws);
  const output = r.stdout + r.stderr;
  const result = (
    JSON.parse(r.stdout) as {
      results: { classification?: string; problems?: Item[]; notes?: Item[] }[];
    }
  ).results[0]!;
  const items = [...(result.problems ?? []), ...(result.notes ?? [])].map(({ level, pointer, message }) => ({
    level,
    pointer,
    message,
  }));
  return { verdict: result.classification ?? 'error', items, output };
}

/** A lockfile without the times of its making, which differ between two pins. */
function timeless(lock: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(lock, (key, value: unknown) => (/_at$/.test(key) ? undefined : value))) as Record<
    string,
    unknown
  >;
}

describe('pinning a url entry of a workspace catalog file', () => {
  const editorLock = () => join(ws, 'locks', 'editor.a2a-lock.json');
  const cliLock = () => join(ws, 'locks', 'cli.a2a-lock.json');

  test('the editor and the CLI write the same lockfile: the card URL, found_via relative to the lockfile', async () => {
    const pinned = await editorPin(editorLock());
    assert.equal(pinned.error, undefined);
    assert.equal(pinned.written, true);
    const r = await cli(
      ['pin', `catalogs/ai-catalog.json#${IDENTIFIER}@1.0.0`, '--skill', SKILL, '--out', 'locks/cli.a2a-lock.json'],
      ws,
    );
    assert.equal(r.code, 0, r.stderr);
    const byEditor = readLock(editorLock());
    assert.equal(byEditor.agent, `${base}/cards/base.json`);
    assert.deepEqual(byEditor.found_via, {
      catalog: '../catalogs/ai-catalog.json',
      identifier: IDENTIFIER,
      version: '1.0.0',
    });
    assert.deepEqual(timeless(readLock(cliLock())), timeless(byEditor));
  });

  test('check --live follows the agent the catalog file moved, in the CLI and the editor alike', async (t) => {
    t.after(() => writeCatalog(catalogPath(), '/cards/base.json'));
    writeCatalog(catalogPath(), '/cards/moved.json');
    requested.length = 0;
    const byCli = await cliCheck('locks/cli.a2a-lock.json');
    assert.equal(byCli.verdict, 'compatible', byCli.output);
    assert.ok(requested.includes('/cards/moved.json'), requested.join(' '));
    const moved = byCli.items.find((i) => i.pointer === '/agent');
    assert.match(moved?.message ?? '', /the agent moved: the catalog now lists its card at .*\/cards\/moved\.json/);
    const byEditor = await editorCheck(editorLock());
    assert.equal(byEditor.verdict, 'compatible', JSON.stringify(byEditor.items));
    assert.ok(byEditor.items.some((i) => i.pointer === '/agent' && /the agent moved/.test(i.message)));
  });

  test('update --yes records the URL the catalog file lists now, and keeps found_via', async (t) => {
    const lockPath = join(ws, 'locks', 'update.a2a-lock.json');
    writeFileSync(lockPath, readFileSync(cliLock()));
    t.after(() => {
      writeCatalog(catalogPath(), '/cards/base.json');
      rmSync(lockPath, { force: true });
    });
    writeCatalog(catalogPath(), '/cards/moved.json');
    const r = await cli(['update', 'locks/update.a2a-lock.json', '--live', '--yes'], ws);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const updated = readLock(lockPath);
    assert.equal(updated.agent, `${base}/cards/moved.json`);
    assert.deepEqual(updated.found_via, readLock(cliLock()).found_via);
  });

  test('check --live: the entry gone from the catalog file is breaking at /found_via', async (t) => {
    t.after(() => writeCatalog(catalogPath(), '/cards/base.json'));
    writeFileSync(catalogPath(), JSON.stringify({ specVersion: '1.0', entries: [] }));
    const byCli = await cliCheck('locks/cli.a2a-lock.json');
    assert.equal(byCli.verdict, 'breaking', byCli.output);
    assert.ok(
      byCli.items.some((i) => i.pointer === '/found_via'),
      byCli.output,
    );
  });
});

describe("a catalog file's entry url is repository content", () => {
  const out = () => join(ws, 'locks', 'network.a2a-lock.json');
  const pinArgs = () => ['pin', `catalogs/ai-catalog.json#${IDENTIFIER}`, '--skill', SKILL, '--out', out()];

  test('the CLI pins a loopback entry only when the run allows loopback, and asks nothing before', async (t) => {
    t.after(() => rmSync(out(), { force: true }));
    requested.length = 0;
    const refused = await cli(pinArgs(), ws, {});
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /loopback/);
    assert.deepEqual(requested, []);
    assert.throws(() => readFileSync(out()));
    const allowed = await cli([...pinArgs(), '--allow-network', 'loopback'], ws, {});
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(readLock(out()).agent, `${base}/cards/base.json`);
  });

  test('--allow-network with a URL the user names is a usage error', async () => {
    const r = await cli(['pin', `${base}/cards/base.json`, '--skill', SKILL, '--allow-network', 'loopback'], ws, {});
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--allow-network applies to an entry of a catalog file/);
  });

  test('the editor pins it only when the workspace may reach loopback (a2a.network.allowFromWorkspace)', async (t) => {
    const closed = await startLsp({
      settings: { workspaceTrusted: true, network: { allowedHosts: [], allowFromWorkspace: [] } },
      workspaceFolders: [ws],
    });
    t.after(() => closed.stop());
    requested.length = 0;
    const r = await closed.connection.sendRequest(PinRequest.type, {
      source: { catalogEntry: { uri: pathToFileURL(catalogPath()).href, identifier: IDENTIFIER } },
      selection: { skills: [SKILL], input: [], output: [], streaming: false, extensions: [] },
      target: pathToFileURL(out()).href,
      probe: false,
    });
    assert.equal(r.written, false);
    assert.match(r.error ?? '', /loopback/);
    assert.deepEqual(requested, []);
  });
});

describe('a catalog file outside the repository is neither pinned nor read', () => {
  const pins: { name: string; catalog: () => string }[] = [
    { name: 'a relative path up and out', catalog: () => '../outside/ai-catalog.json' },
    { name: 'a symbolic link out', catalog: () => 'catalogs/link.ai-catalog.json' },
    { name: 'an absolute path outside', catalog: () => join(top, 'outside', 'ai-catalog.json') },
  ];
  for (const attack of pins)
    test(`pin: ${attack.name}`, async () => {
      requested.length = 0;
      const out = join(ws, 'locks', 'refused.a2a-lock.json');
      const r = await cli(['pin', `${attack.catalog()}#${IDENTIFIER}`, '--skill', SKILL, '--out', out], ws);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /not inside the lockfile's repository/);
      assert.deepEqual(requested, []);
      assert.throws(() => readFileSync(out));
    });

  const checks: { name: string; catalog: () => string; refusal: RegExp }[] = [
    {
      name: 'a relative path up and out',
      catalog: () => '../../outside/ai-catalog.json',
      refusal: /outside the repository/,
    },
    {
      name: 'a symbolic link out',
      catalog: () => '../catalogs/link.ai-catalog.json',
      refusal: /outside the repository/,
    },
    {
      name: 'an absolute path',
      catalog: () => join(top, 'outside', 'ai-catalog.json'),
      refusal: /must be the http\(s\) URL of the catalog/,
    },
  ];
  for (const attack of checks)
    test(`check --live: ${attack.name}`, async () => {
      const evil = join(ws, 'locks', 'evil.a2a-lock.json');
      const lock = readLock(join(ws, 'locks', 'cli.a2a-lock.json'));
      writeFileSync(
        evil,
        JSON.stringify({ ...lock, found_via: { catalog: attack.catalog(), identifier: IDENTIFIER } }),
      );
      requested.length = 0;
      const byCli = await cliCheck('locks/evil.a2a-lock.json');
      const byEditor = await editorCheck(evil);
      assert.equal(byCli.verdict, 'error', byCli.output);
      assert.equal(byEditor.verdict, 'error', JSON.stringify(byEditor.items));
      assert.match(byCli.output, attack.refusal);
      assert.match(JSON.stringify(byEditor.items), attack.refusal);
      assert.ok(!requested.includes('/cards/outside.json'), requested.join(' '));
      for (const seen of [byCli.output, JSON.stringify(byEditor)]) assert.ok(!seen.includes('OUTSIDE-SECRET'), seen);
    });
});
