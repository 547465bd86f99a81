/**
 * The MCP tools take a catalog reference (`CATALOG-URL#IDENTIFIER[@VERSION]`) wherever they take a card source:
 * a2a_profile reads the card the entry names, a2a_pin writes a lockfile recording `found_via`. A real HTTP server
 * on loopback serves the catalog and the card; the server runs from the built bundle over stdio.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { callTool, startMcp, type McpSession } from './helpers';

let root: string;
let mcp: McpSession;
let server: Server;
let base: string;

before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/catalog.json') {
      const catalog = {
        entries: [
          { identifier: 'pricing', version: '1.0.0', type: 'application/a2a-agent-card+json', url: '/card.json' },
        ],
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(catalog));
    } else if (req.url === '/card.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pricingCard(base, 'base')));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = mkdtempSync(join(tmpdir(), 'a2a-mcp-catalog-'));
  mcp = await startMcp(['--root', root, '--allow-network', 'loopback']);
});
after(async () => {
  await mcp.close();
  rmSync(root, { recursive: true, force: true });
  await new Promise<void>((done) => server.close(() => done()));
});

test('a2a_profile through a reference: the card the entry names', async () => {
  const answer = await callTool(mcp, 'a2a_profile', { source: `${base}/catalog.json#pricing` });
  assert.equal(answer.isError, false, answer.text);
  assert.match(answer.text, /itinerary-pricing/);
});

test('a2a_pin through a reference writes found_via', async () => {
  const answer = await callTool(mcp, 'a2a_pin', {
    source: `${base}/catalog.json#pricing`,
    skills: ['itinerary-pricing'],
    write: true,
    lockfile: 'a2a-lock.json',
  });
  assert.equal(answer.isError, false, answer.text);
  const lock = JSON.parse(readFileSync(join(root, 'a2a-lock.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(lock.agent, `${base}/card.json`);
  assert.deepEqual(lock.found_via, { catalog: `${base}/catalog.json`, identifier: 'pricing', version: '1.0.0' });
});

test('a2a_pin through a reference to an unknown identifier: a tool error that lists nothing from the catalog', async () => {
  const answer = await callTool(mcp, 'a2a_pin', { source: `${base}/catalog.json#nobody`, skills: ['x'] });
  assert.equal(answer.isError, true);
  assert.match(answer.text, /no entry with the identifier "nobody" \(the catalog lists 1 entry\)/);
  assert.doesNotMatch(answer.text, /pricing/);
});
