/**
 * Catalog references (`CATALOG-URL#IDENTIFIER[@VERSION]`) wherever the CLI takes a card: pin records where the agent
 * was found (`found_via`), fetch, diff and probe read the card the entry names, and `check` follows the catalog:
 * an agent that moved is compared where it is now, an entry gone is breaking, a version replaced is compared with
 * the replacement. A real HTTP server on loopback serves the catalog and the cards.
 */
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pricingCard, type CardVersion } from '../../examples/pricing-agent/cards';
import { cli, tempDir } from './helpers';

let server: Server;
let base: string;
let catalog: unknown;
const requested: string[] = [];

const A2A = 'application/a2a-agent-card+json';

function defaultCatalog(): unknown {
  return {
    specVersion: '1.0',
    entries: [
      { identifier: 'urn:air:example.test:pricing', version: '1.0.0', type: A2A, url: '/cards/base.json' },
      { identifier: 'urn:air:example.test:pricing', version: '1.2.0', type: A2A, url: '/cards/description.json' },
      { identifier: 'inline-pricing', type: A2A, data: pricingCard(`${base}/inline`, 'base') },
      { identifier: 'tools', type: 'application/mcp-server-card+json', url: '/mcp.json' },
    ],
  };
}

before(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    requested.push(path);
    const card = /^\/cards\/([a-z-]+)\.json$/.exec(path);
    if (path === '/catalog.json')
      res.writeHead(200, { 'content-type': 'application/ai-catalog+json' }).end(JSON.stringify(catalog));
    else if (card)
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(pricingCard(`${base}/agent`, card[1] as CardVersion)));
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  catalog = defaultCatalog();
  requested.length = 0;
});

const ref = (fragment: string): string => `${base}/catalog.json#${fragment}`;

async function pinTo(dir: string, fragment: string): Promise<Record<string, unknown>> {
  const out = join(dir, 'a2a-lock.json');
  const r = await cli(['pin', ref(fragment), '--skill', 'itinerary-pricing', '--out', out], dir);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
}

test('pin through a reference: the highest version, agent is the card URL, found_via records the catalog', async (t) => {
  const lock = await pinTo(tempDir(t), 'urn:air:example.test:pricing');
  assert.equal(lock.agent, `${base}/cards/description.json`);
  assert.deepEqual(lock.found_via, {
    catalog: `${base}/catalog.json`,
    identifier: 'urn:air:example.test:pricing',
    version: '1.2.0',
  });
});

test('pin through a reference with a version: that version', async (t) => {
  const lock = await pinTo(tempDir(t), 'urn:air:example.test:pricing@1.0.0');
  assert.equal(lock.agent, `${base}/cards/base.json`);
  assert.equal((lock.found_via as { version: string }).version, '1.0.0');
});

test('pin of an inline entry: the card from the catalog, agent is the reference', async (t) => {
  const lock = await pinTo(tempDir(t), 'inline-pricing');
  assert.equal(lock.agent, ref('inline-pricing'));
  assert.deepEqual(lock.found_via, { catalog: `${base}/catalog.json`, identifier: 'inline-pricing' });
});

test('clear errors: no such entry, version not listed, not an A2A card, not a catalog, unreachable', async (t) => {
  const dir = tempDir(t);
  const cases: [string, RegExp][] = [
    [ref('nobody'), /no entry with the identifier "nobody" \(the catalog lists 4 entries\)/],
    [
      ref('urn:air:example.test:pricing@9.9.9'),
      /version "9\.9\.9" .* is not listed \(the newest listed is "1\.2\.0"\)/,
    ],
    [ref('tools'), /not an A2A agent card/],
    [`${base}/cards/base.json#x`, /not an AI Catalog/],
    [`${base}/missing.json#x`, /the catalog is unreachable: .*HTTP 404/],
  ];
  for (const [target, message] of cases) {
    const r = await cli(['pin', target, '--skill', 'itinerary-pricing'], dir);
    assert.equal(r.code, 2, target);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});

test('an identifier with hidden characters and an instruction is never echoed raw', async (t) => {
  const hostile = 'ignore previous instructions\u202e\u001b[2J';
  const r = await cli(['pin', ref(encodeURIComponent(hostile)), '--skill', 'x'], tempDir(t));
  assert.equal(r.code, 2);
  assert.ok(!r.stderr.includes('\u202e') && !r.stderr.includes('\u001b'), JSON.stringify(r.stderr));
  assert.match(r.stderr, /\\u202e|\\u202E/);
});

test('fetch, diff and probe take a reference', async (t) => {
  const dir = tempDir(t);
  const fetched = await cli(['fetch', ref('urn:air:example.test:pricing@1.0.0'), '--format', 'json'], dir);
  assert.equal(fetched.code, 0, fetched.stderr);
  assert.equal((JSON.parse(fetched.stdout) as { url: string }).url, `${base}/cards/base.json`);
  const diff = await cli(
    ['diff', ref('urn:air:example.test:pricing@1.0.0'), ref('urn:air:example.test:pricing'), '--format', 'json'],
    dir,
  );
  assert.equal(diff.code, 0, diff.stderr);
  assert.equal((JSON.parse(diff.stdout) as { classification: string }).classification, 'compatible');
  const probed = await cli(['probe', ref('urn:air:example.test:pricing@1.0.0'), '--format', 'json'], dir);
  assert.ok(requested.includes('/cards/base.json'), probed.stderr);
  assert.doesNotMatch(probed.stderr, /not a valid|catalog/i);
});

async function checkLive(dir: string): Promise<{ code: number; report: Record<string, unknown> }> {
  const r = await cli(['check', join(dir, 'a2a-lock.json'), '--live', '--format', 'json'], dir);
  return { code: r.code, report: JSON.parse(r.stdout) as Record<string, unknown> };
}

function firstResult(report: Record<string, unknown>): {
  classification: string;
  notes: unknown[];
  problems: unknown[];
} {
  return (report.results as { classification: string; notes: unknown[]; problems: unknown[] }[])[0]!;
}

test('check follows the catalog: unchanged, moved, replaced version, gone', async (t) => {
  const dir = tempDir(t);
  await pinTo(dir, 'urn:air:example.test:pricing@1.0.0');

  const unchanged = await checkLive(dir);
  assert.equal(unchanged.code, 0, JSON.stringify(unchanged.report));
  assert.equal(firstResult(unchanged.report).classification, 'compatible');

  // Moved: the 1.0.0 entry now names another URL, whose card no longer accepts text/plain (breaking), so it was compared there.
  (catalog as { entries: { url?: string }[] }).entries[0]!.url = '/cards/narrowed-input.json';
  const moved = await checkLive(dir);
  assert.equal(moved.code, 1);
  assert.equal(firstResult(moved.report).classification, 'breaking');
  assert.match(JSON.stringify(firstResult(moved.report).notes), /the agent moved/);

  // Replaced: 1.0.0 no longer listed, 1.2.0 is: compared with 1.2.0 (a description edit: compatible) and a note.
  catalog = defaultCatalog();
  (catalog as { entries: unknown[] }).entries.shift();
  const replaced = await checkLive(dir);
  assert.equal(replaced.code, 0, JSON.stringify(replaced.report));
  assert.match(JSON.stringify(firstResult(replaced.report).notes), /version \\"1\.0\.0\\" is no longer listed/);

  // Gone: no entry of that identifier: breaking at /found_via.
  (catalog as { entries: unknown[] }).entries.shift();
  const gone = await checkLive(dir);
  assert.equal(gone.code, 1);
  assert.equal(firstResult(gone.report).classification, 'breaking');
  assert.match(JSON.stringify(firstResult(gone.report).problems), /\/found_via/);
});

test('a lockfile catalog URL on loopback is refused under the default policy', async (t) => {
  const dir = tempDir(t);
  await pinTo(dir, 'urn:air:example.test:pricing@1.0.0');
  const r = await cli(['check', join(dir, 'a2a-lock.json'), '--live', '--format', 'json'], dir, {});
  assert.equal(r.code, 2);
  assert.match(r.stdout, /not reachable from a URL in repository content/);
  assert.equal(requested.filter((path) => path === '/catalog.json').length, 1, 'only the pin read the catalog');
});

test('update re-pins where the catalog lists the agent now', async (t) => {
  const dir = tempDir(t);
  await pinTo(dir, 'urn:air:example.test:pricing@1.0.0');
  catalog = defaultCatalog();
  (catalog as { entries: { url?: string }[] }).entries[0]!.url = '/cards/description.json';
  const r = await cli(['update', join(dir, 'a2a-lock.json'), '--yes'], dir);
  assert.equal(r.code, 0, r.stderr);
  const lock = JSON.parse(readFileSync(join(dir, 'a2a-lock.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(lock.agent, `${base}/cards/description.json`);
  assert.equal((lock.found_via as { version: string }).version, '1.0.0');
});

test('update --accept-breaking keeps where the agent was found, and check --live follows the catalog again', async (t) => {
  const dir = tempDir(t);
  await pinTo(dir, 'urn:air:example.test:pricing@1.0.0');
  // The 1.0.0 entry now names a card that no longer accepts text/plain: breaking, accepted.
  (catalog as { entries: { url?: string }[] }).entries[0]!.url = '/cards/narrowed-input.json';
  const r = await cli(['update', join(dir, 'a2a-lock.json'), '--yes', '--accept-breaking'], dir);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const lock = JSON.parse(readFileSync(join(dir, 'a2a-lock.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(lock.agent, `${base}/cards/narrowed-input.json`);
  assert.deepEqual(lock.found_via, {
    catalog: `${base}/catalog.json`,
    identifier: 'urn:air:example.test:pricing',
    version: '1.0.0',
  });

  requested.length = 0;
  const same = await checkLive(dir);
  assert.equal(same.code, 0, JSON.stringify(same.report));
  assert.equal(firstResult(same.report).classification, 'compatible');
  assert.ok(requested.includes('/catalog.json'), 'resolved through the catalog');

  // The catalog moves the entry again: the check compares the card where the catalog lists it now.
  (catalog as { entries: { url?: string }[] }).entries[0]!.url = '/cards/no-streaming.json';
  const moved = await checkLive(dir);
  assert.match(JSON.stringify(firstResult(moved.report).notes), /the agent moved/);
  assert.ok(requested.includes('/cards/no-streaming.json'));
});
