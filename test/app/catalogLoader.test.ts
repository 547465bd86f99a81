/**
 * The one catalog loader (app/catalogLoader.ts) against a real HTTP server on loopback: what it asks, what it keeps,
 * what it refuses, as discover (a persistent cache, fresh copies reused) and catalog references (the run's cache,
 * every load revalidated) use it.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCatalogLoader, runCatalogCache } from '../../server/src/app/catalogLoader';
import { memoryCardCache } from '../../server/src/core/cache/cardText';
import { isNetError } from '../../server/src/core/net/errors';
import { createHttpClient } from '../../server/src/node/net/http';

const CATALOG = JSON.stringify({
  specVersion: '1.0',
  entries: [{ identifier: 'urn:example:a', type: 'application/a2a-agent-card+json', url: '/a.json' }],
});

let server: Server;
let base = '';
const seen: IncomingHttpHeaders[] = [];
/** The headers of the next answers: with an ETag the server answers a matching If-None-Match with 304. */
let answer: { etag?: string; cacheControl?: string; body: string } = { body: CATALOG };

before(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    const headers: Record<string, string> = { 'content-type': 'application/ai-catalog+json' };
    if (answer.etag) headers.etag = answer.etag;
    if (answer.cacheControl) headers['cache-control'] = answer.cacheControl;
    if (answer.etag && req.headers['if-none-match'] === answer.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  answer = { body: CATALOG };
});

describe('catalog loader', () => {
  it('parses and reads the catalog, and says where and how it was served', async () => {
    const http = createHttpClient();
    try {
      const loader = createCatalogLoader({ http, maxBytes: 100_000 });
      const loaded = await loader.catalog(`${base}/ai-catalog.json`, { origin: 'user' });
      assert.equal(loaded.catalog?.entries.length, 1);
      assert.equal(loaded.document.url, `${base}/ai-catalog.json`);
      assert.equal(loaded.document.originClass, 'loopback');
      assert.match(loaded.document.mediaType ?? '', /ai-catalog/);
    } finally {
      await http.close();
    }
  });

  it('reports text that is not JSON, or JSON without entries, as no catalog', async () => {
    const http = createHttpClient();
    try {
      const loader = createCatalogLoader({ http });
      answer = { body: 'not json' };
      const broken = await loader.catalog(`${base}/a`, { origin: 'user' });
      assert.equal(broken.value, undefined);
      assert.equal(broken.catalog, undefined);
      answer = { body: '{"name":"a card"}' };
      const card = await loader.catalog(`${base}/b`, { origin: 'user' });
      assert.deepEqual(card.value, { name: 'a card' });
      assert.equal(card.catalog, undefined);
    } finally {
      await http.close();
    }
  });

  it('revalidates every load with the validators kept in the run cache (304: the text kept)', async () => {
    const http = createHttpClient();
    try {
      const loader = createCatalogLoader({ http, cache: runCatalogCache(), freshness: 'revalidate' });
      answer = { body: CATALOG, etag: '"v1"', cacheControl: 'max-age=600' };
      const first = await loader.catalog(`${base}/ai-catalog.json`, { origin: 'user' });
      const second = await loader.catalog(`${base}/ai-catalog.json`, { origin: 'user' });
      assert.equal(seen.length, 2, 'a fresh copy is still revalidated');
      assert.equal(seen[1]?.['if-none-match'], '"v1"');
      assert.equal(second.document.text, first.document.text);
      assert.equal(second.catalog?.entries.length, 1);
    } finally {
      await http.close();
    }
  });

  it('keeps nothing without validators in the run cache', async () => {
    const http = createHttpClient();
    try {
      const loader = createCatalogLoader({ http, cache: runCatalogCache(), freshness: 'revalidate' });
      await loader.document(`${base}/ai-catalog.json`, { origin: 'user' });
      await loader.document(`${base}/ai-catalog.json`, { origin: 'user' });
      assert.equal(seen.length, 2);
      assert.equal(seen[1]?.['if-none-match'], undefined);
    } finally {
      await http.close();
    }
  });

  it('reuses a copy still fresh in a persistent cache without asking, and revalidates a stale one', async () => {
    const http = createHttpClient();
    try {
      const cache = memoryCardCache();
      let clock = 1_000_000;
      const loader = createCatalogLoader({ http, cache, freshness: 'reuse', now: () => clock });
      answer = { body: CATALOG, etag: '"v1"', cacheControl: 'max-age=60' };
      await loader.document(`${base}/ai-catalog.json`, { origin: 'user' });
      const reused = await loader.document(`${base}/ai-catalog.json`, { origin: 'user' });
      assert.equal(seen.length, 1);
      assert.equal(reused.text, CATALOG);
      clock += 61_000;
      const revalidated = await loader.document(`${base}/ai-catalog.json`, { origin: 'user' });
      assert.equal(seen.length, 2);
      assert.equal(seen[1]?.['if-none-match'], '"v1"');
      assert.equal(revalidated.text, CATALOG);
    } finally {
      await http.close();
    }
  });

  it("fetches under the caller's reach: a repository URL on loopback is refused unless the run allows it", async () => {
    const http = createHttpClient();
    try {
      const loader = createCatalogLoader({ http });
      await assert.rejects(loader.document(`${base}/ai-catalog.json`, { origin: 'repository' }), (err) =>
        isNetError(err),
      );
      assert.equal(seen.length, 0);
      const allowed = await loader.document(`${base}/ai-catalog.json`, {
        origin: 'repository',
        allow: new Set(['loopback']),
      });
      assert.equal(allowed.text, CATALOG);
    } finally {
      await http.close();
    }
  });

  it('holds the size limit', async () => {
    const http = createHttpClient();
    try {
      const loader = createCatalogLoader({ http, maxBytes: 16 });
      await assert.rejects(loader.document(`${base}/ai-catalog.json`, { origin: 'user' }), (err) => isNetError(err));
    } finally {
      await http.close();
    }
  });
});
