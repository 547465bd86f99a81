/**
 * One public-card text cache for both card pipelines (the language server shares it): a card the card fetcher
 * downloaded is revalidated by the refresh source (304, no second download), and a card the refresh source
 * downloaded is revalidated by the card fetcher. A real HTTP server on 127.0.0.1 counts what was asked.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { memoryCardCache } from '../../../server/src/core/cache/cardText';
import { fetchCard } from '../../../server/src/core/fetch/fetchCard';
import { createHttpClient } from '../../../server/src/node/net/http';
import { httpCardSource } from '../../../server/src/core/check/cardSources';

const card = (version: string) => ({
  name: 'Shared',
  description: 'A card two pipelines fetch.',
  version,
  supportedInterfaces: [{ url: 'http://127.0.0.1:9/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 'S', description: 'd', tags: ['t'] }],
});

let version = '1.0.0';
const asked: { ifNoneMatch?: string }[] = [];
let server: Server;
let url = '';
const http = createHttpClient();

before(async () => {
  server = createServer((req: IncomingMessage, res) => {
    asked.push({ ifNoneMatch: req.headers['if-none-match'] });
    const etag = `"v${version}"`;
    res.setHeader('etag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(card(version)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
});
after(async () => {
  await http.close();
  await new Promise<void>((r) => server.close(() => r()));
});

test('fetched by one pipeline, revalidated by the other, in both directions', async () => {
  const texts = memoryCardCache();
  const source = httpCardSource(http, { texts, allow: new Set(['loopback'] as const) });

  // "Fetch Agent Card" first: a download.
  asked.length = 0;
  assert.equal((await fetchCard(url, { http, cache: texts, revalidate: true })).status, 'fetched');
  // The first lockfile check holds no validators of its own, but the shared cache does: a 304, and the stored text.
  const first = await source.fetch(url, undefined);
  assert.equal(first.status, 'fresh');
  assert.equal((first as { card: { version: string } }).card.version, '1.0.0');
  assert.deepEqual(
    asked.map((a) => a.ifNoneMatch),
    [undefined, '"v1.0.0"'],
    'one download, then a revalidation',
  );
  // The next check holds those validators: unchanged.
  assert.equal((await source.fetch(url, { etag: '"v1.0.0"' })).status, 'unchanged');

  // The agent changes; the check downloads the new card, and the card fetcher then revalidates what it stored.
  version = '2.0.0';
  asked.length = 0;
  const changed = await source.fetch(url, { etag: '"v1.0.0"' });
  assert.equal((changed as { card: { version: string } }).card.version, '2.0.0');
  const refetched = await fetchCard(url, { http, cache: texts, revalidate: true });
  assert.equal(refetched.status, 'not-modified');
  assert.deepEqual(
    asked.map((a) => a.ifNoneMatch),
    ['"v1.0.0"', '"v2.0.0"'],
  );
});

test('without a shared cache the refresh source behaves as before (its own validators only)', async () => {
  version = '3.0.0';
  const source = httpCardSource(http, { allow: new Set(['loopback'] as const) });
  asked.length = 0;
  assert.equal((await source.fetch(url, undefined)).status, 'fresh');
  assert.equal((await source.fetch(url, { etag: '"v3.0.0"' })).status, 'unchanged');
  assert.deepEqual(
    asked.map((a) => a.ifNoneMatch),
    [undefined, '"v3.0.0"'],
  );
});
