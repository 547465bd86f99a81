/**
 * The library takes a catalog reference where it takes a card target: fetchCard and probeAgent read the card the
 * entry names; readLockfile reads `found_via`. A real HTTP server on loopback serves the catalog and the card.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { createNetworkClient, fetchCard, readLockfile, type NetworkClient } from '../../server/src/api';

let server: Server;
let base: string;
let network: NetworkClient;

before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/catalog.json') {
      const catalog = {
        entries: [{ identifier: 'pricing', type: 'application/a2a-agent-card+json', url: '/cards/pricing.json' }],
      };
      res.writeHead(200, { 'content-type': 'application/ai-catalog+json' }).end(JSON.stringify(catalog));
    } else if (req.url === '/cards/pricing.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pricingCard(base, 'base')));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  network = createNetworkClient({ allowNetwork: ['loopback'] });
});
after(async () => {
  await network.close();
  await new Promise<void>((done) => server.close(() => done()));
});

test('fetchCard through a reference: the card the entry names, valid and compiled', async () => {
  const fetched = await fetchCard(`${base}/catalog.json#pricing`, { network });
  assert.equal(fetched.url, `${base}/cards/pricing.json`);
  assert.equal(fetched.valid, true);
  assert.match(JSON.stringify(fetched.profile), /itinerary-pricing/);
});

test('fetchCard through a reference to a missing entry rejects with a clear message', async () => {
  await assert.rejects(
    fetchCard(`${base}/catalog.json#missing`, { network }),
    /no entry with the identifier "missing"/,
  );
});

test('readLockfile reads found_via and refuses a catalog that is not an http(s) URL', () => {
  const lock = {
    agent: `${base}/cards/pricing.json`,
    pinned_at: '2026-11-30T12:00:00Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    requires: {},
    found_via: { catalog: `${base}/catalog.json`, identifier: 'pricing', version: '1.0.0' },
  };
  const read = readLockfile(lock);
  assert.ok(read.ok);
  assert.deepEqual(read.lockfile.found_via, lock.found_via);
  const bad = readLockfile({ ...lock, found_via: { catalog: 'file:///etc/passwd', identifier: '' } });
  assert.equal(bad.ok, false);
  assert.deepEqual(bad.ok ? [] : bad.problems.map((p) => p.pointer), ['/found_via/catalog', '/found_via/identifier']);
});
