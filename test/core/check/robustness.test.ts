/**
 * Hostile and broken inputs to a refresh: each is an `error` outcome with a one-line cause, never a
 * throw, never "compatible".
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createHttpClient } from '../../../server/src/node/net/http';
import type { HttpClient } from '../../../server/src/core/net/http';
import { serializeLockfile } from '../../../server/src/core/pin/serialize';
import { MemoryCardCache } from '../../../server/src/core/cache/loadedCards';
import { createCardLoader } from '../../../server/src/core/check/cardLoader';
import { fileCardSource, httpCardSource, sourceFor } from '../../../server/src/core/check/cardSources';
import { refreshLockfile } from '../../../server/src/core/check/refreshLockfile';
import type { RefreshOutcome } from '../../../server/src/core/check/types';
import { tempDir } from '../../cli/helpers';
import { resolveAgent } from '../../../server/src/node/agentLocation';

let server: Server;
let base = '';
let http: HttpClient;
before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/500') {
      res.statusCode = 500;
      res.end('oops');
      return;
    }
    if (req.url === '/304') {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (req.url === '/429') {
      res.statusCode = 429;
      res.setHeader('retry-after', '7');
      res.end();
      return;
    }
    if (req.url === '/html') {
      res.setHeader('content-type', 'text/html');
      res.end('<html></html>');
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  http = createHttpClient();
});
after(async () => {
  await http.close();
  await new Promise<void>((r) => server.close(() => r()));
});

const readText = (p: string) => readFile(p, 'utf8');
const lockTo = (agent: string) =>
  serializeLockfile({
    agent,
    pinned_at: '2026-10-02T08:00:00Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    requires: { skills: { s: { input: [], output: [] } } },
  });

async function refresh(path: string): Promise<RefreshOutcome> {
  const loader = createCardLoader({
    source: sourceFor(httpCardSource(http, { allow: new Set(['loopback'] as const) }), fileCardSource(readText)),
    cache: new MemoryCardCache(),
  });
  return refreshLockfile(path, { loader, readText, resolveAgent });
}

function assertError(o: RefreshOutcome, stage: string, cause: RegExp): void {
  assert.equal(o.status, 'error', JSON.stringify(o).slice(0, 300));
  if (o.status !== 'error') return;
  assert.equal(o.stage, stage);
  assert.match(o.cause, cause);
  assert.ok(!o.cause.includes('\n') && !/\bat .+:\d+:\d+/.test(o.cause), `one line, no stack: ${o.cause}`);
}

test('broken lockfiles: a directory, binary bytes, empty, a JSON array', async (t) => {
  const dir = tempDir(t);
  mkdirSync(join(dir, 'dir.a2a-lock.json'));
  writeFileSync(join(dir, 'bin.a2a-lock.json'), Buffer.from([0x00, 0xff, 0xfe, 0x01, 0x7b]));
  writeFileSync(join(dir, 'empty.a2a-lock.json'), '');
  writeFileSync(join(dir, 'array.a2a-lock.json'), '[1,2]');
  assertError(await refresh(join(dir, 'dir.a2a-lock.json')), 'lockfile', /cannot read the lockfile \(is a directory\)/);
  assertError(
    await refresh(join(dir, 'bin.a2a-lock.json')),
    'lockfile',
    /corrupt lockfile: .*(binary file|not valid JSON)/,
  );
  assertError(await refresh(join(dir, 'empty.a2a-lock.json')), 'lockfile', /corrupt lockfile: .*empty/i);
  assertError(await refresh(join(dir, 'array.a2a-lock.json')), 'lockfile', /corrupt lockfile: .*array/i);
});

test('broken cards on disk: a JSON array, 10,000-deep nesting, binary bytes', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'array.json'), '[]');
  writeFileSync(join(dir, 'deep.json'), `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
  writeFileSync(join(dir, 'bin.json'), Buffer.from([0xde, 0xad, 0xbe, 0xef]));
  for (const [card, cause] of [
    ['array.json', /not a valid A2A 1\.0 agent card/],
    ['deep.json', /not a valid A2A 1\.0 agent card|nested too deeply/],
    ['bin.json', /not valid JSON/],
  ] as const) {
    writeFileSync(join(dir, `${card}.a2a-lock.json`), lockTo(card));
    assertError(await refresh(join(dir, `${card}.a2a-lock.json`)), 'card', cause);
  }
});

test('broken agents: HTTP 500, 304 to an unconditional request, rate limited, HTML instead of a card, nothing listening', async (t) => {
  const dir = tempDir(t);
  const cases: [string, string, RegExp][] = [
    ['500', `${base}/500`, /HTTP 500 instead of the agent card/],
    ['304', `${base}/304`, /HTTP 304 instead of the agent card/],
    // Worded as `a2acap fetch` words it: both card pipelines share one conditional GET (fetch/conditionalGet.ts).
    ['429', `${base}/429`, /HTTP 429 instead of the agent card \(rate limited; retry after 7 s\)/],
    ['html', `${base}/html`, /unexpected content type 'text\/html'/],
    ['down', 'http://127.0.0.1:1/.well-known/agent-card.json', /ECONNREFUSED/],
  ];
  for (const [name, url, cause] of cases) {
    writeFileSync(join(dir, `${name}.a2a-lock.json`), lockTo(url));
    assertError(await refresh(join(dir, `${name}.a2a-lock.json`)), 'fetch', cause);
  }
});
