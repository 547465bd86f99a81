/**
 * The URLs a catalog lists, under the address policy: a catalog served from loopback reaches loopback, never a
 * private address (by an entry's URL, a nested catalog's, or a redirect), as a card's own URLs may not; a catalog
 * file's URLs are repository content. Runs inside a loopback-only network namespace (scripts/test.mjs); each test
 * asserts that OUR policy refused the address, not the kernel.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runCliInProcess } from '../cliRunner';
import { startSite, type Site } from './discoverSite';

const sites: Site[] = [];
after(() => Promise.all(sites.map((s) => s.close())));

async function site(routes: Parameters<typeof startSite>[0]): Promise<Site> {
  const s = await startSite(routes);
  sites.push(s);
  return s;
}

interface Json {
  entries: { identifier: string; status: string; reason?: string }[];
  findings: { code: string; message: string }[];
}

async function discoverJson(source: string): Promise<Json> {
  const run = await runCliInProcess(['discover', source, '--format', 'json'], { env: {} });
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout) as Json;
}

const catalogOf = (entries: { identifier: string; type: string; url: string }[]) =>
  JSON.stringify({ specVersion: '1.0', entries });
const CARD = 'application/a2a-agent-card+json';
const REFUSED = /private address 10\.1\.2\.3 is not reachable from a (card|redirect) URL whose origin is loopback/;

describe('a2acap discover: private addresses in a loopback catalog', () => {
  it('an entry at a private address is refused by the policy', async () => {
    const s = await site({
      '/c.json': { body: catalogOf([{ identifier: 'inside', type: CARD, url: 'http://10.1.2.3/card.json' }]) },
    });
    const out = await discoverJson(`${s.base}/c.json`);
    assert.equal(out.entries[0]!.status, 'unreachable');
    assert.match(out.entries[0]!.reason ?? '', REFUSED);
  });

  it('a redirect to a private address is refused as for card fetches', async () => {
    const s = await site({
      '/c.json': { body: catalogOf([{ identifier: 'moved', type: CARD, url: '{{BASE}}/moved.json' }]) },
      '/moved.json': { location: 'http://10.1.2.3/card.json' },
    });
    const out = await discoverJson(`${s.base}/c.json`);
    assert.equal(out.entries[0]!.status, 'unreachable');
    assert.match(out.entries[0]!.reason ?? '', REFUSED);
  });

  it('a nested catalog at a private address is catalog-unreachable', async () => {
    const s = await site({
      '/c.json': {
        body: catalogOf([{ identifier: 'n', type: 'application/ai-catalog+json', url: 'http://10.1.2.3/c.json' }]),
      },
    });
    const out = await discoverJson(`${s.base}/c.json`);
    assert.equal(out.entries[0]!.status, 'unreachable');
    assert.deepEqual(
      out.findings.map((f) => f.code),
      ['catalog-unreachable'],
    );
    assert.match(out.findings[0]!.message, REFUSED);
  });
});
