// Every real card of the corpus (test/fixtures/corpus) served on loopback: fetching, validating, verifying
// signatures (with an empty trust store) and probing-interface selection never crash, hang or "verify" anything without a key.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '../../server/src/node/net/http';
import type { HttpClient } from '../../server/src/core/net/http';
import { fetchCard } from '../../server/src/core/fetch/fetchCard';
import { createTrustStore } from '../../server/src/core/signature/trustStore';
import { verifyCardSignatures } from '../../server/src/core/signature/verify';
import { inspectKey } from '../../server/src/node/keyInspection';
import { probeInterface } from '../../server/src/core/probe/probeAgent';
import { corpusCards } from '../fixtures/corpus/corpus';

const cards = new Map(corpusCards().map((c) => [c.name, c.path]));
const files = [...cards.keys()];
let server: Server;
let base: string;
let http: HttpClient;
before(async () => {
  server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    const path = cards.get(name);
    if (!path) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(readFileSync(path));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  http = createHttpClient();
});
after(async () => {
  await http.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('corpus cards over loopback', () => {
  it(`all ${files.length} cards: a result, never a crash; signatures unverifiable without trusted keys`, async () => {
    assert.ok(files.length > 10);
    const trust = createTrustStore([]);
    let signed = 0;
    for (const f of files) {
      const res = await fetchCard(`${base}/${encodeURIComponent(f)}`, {
        http,
        verify: (card, c) =>
          verifyCardSignatures(card, { inspectKey, trust, cardUrl: c.url, originClass: c.originClass }),
      });
      assert.equal(res.status, 'fetched', f);
      if (res.valid) assert.ok(res.profile, `${f}: a valid card compiles`);
      else assert.equal(res.profile, undefined, `${f}: an invalid card never compiles`);
      if (res.signature && res.signature.reason !== 'unsigned') signed++;
      if (res.signature) assert.notEqual(res.signature.outcome, 'verified', `${f}: nothing verifies without a key`);
      probeInterface(res);
    }
    assert.ok(signed >= 1, 'the corpus has signed cards');
  });
});
