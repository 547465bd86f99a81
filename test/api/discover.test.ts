/**
 * The library's discover against a real host on loopback: a report as the CLI prints it, and with a card cache the
 * second run is served from the cache (no request while fresh), as fetchCard's cache is.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createNetworkClient, discover, memoryCardCache } from '../../server/src/api/index';
import { startSite, type Site } from '../cli/discoverSite';

let site: Site | undefined;
let flawed: Site | undefined;
after(async () => {
  await site?.close();
  await flawed?.close();
});

describe('library discover', () => {
  it('reports the entries, and a cache spares the second run its requests', async () => {
    site = await startSite({
      '/.well-known/ai-catalog.json': { file: 'partners.json', type: 'application/ai-catalog+json' },
      '/cards/good.json': { file: 'good.agent-card.json' },
    });
    const network = createNetworkClient({ allowNetwork: ['loopback'] });
    const cache = memoryCardCache();
    try {
      const first = await discover(site.domain, { network, cache });
      assert.deepEqual(
        first.entries.map((e) => [e.identifier, e.status]),
        [['urn:air:127.0.0.1:agents:partner', 'usable']],
      );
      const requests = [...site.hits.values()].reduce((a, b) => a + b, 0);
      const second = await discover(site.domain, { network, cache });
      assert.deepEqual(second, first);
      assert.equal(
        [...site.hits.values()].reduce((a, b) => a + b, 0),
        requests,
        'no request while fresh',
      );
      await assert.rejects(discover('127.0.0.1:1', { network }), /127\.0\.0\.1:1/);
    } finally {
      await network.close();
    }
  });

  it("reports the catalogs' lint findings with the JSON contract's members only", async () => {
    flawed = await startSite({
      '/flawed.json': { file: 'flawed.json' },
      '/flawed-nested.json': { file: 'flawed-nested.json' },
      '/cards/good.json': { file: 'good.agent-card.json' },
    });
    const network = createNetworkClient({ allowNetwork: ['loopback'] });
    try {
      const report = await discover(`${flawed.base}/flawed.json`, { network });
      const duplicate = report.findings.find((f) => f.code === 'catalog-duplicate-entry');
      assert.deepEqual(Object.keys(duplicate ?? {}), ['code', 'severity', 'message', 'pointer', 'catalog']);
      assert.equal(duplicate?.catalog, `${flawed.base}/flawed.json`);
    } finally {
      await network.close();
    }
  });
});
