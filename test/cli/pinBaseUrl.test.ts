/**
 * `a2acap pin` takes an agent's base URL the way `a2acap fetch`, probes and the editor do (core/fetch/cardUrl.ts):
 * a base under a path has its card beneath that path. pin used to fetch such a URL as if it were the card.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { agentKey } from '../../server/src/core/evidence/agentKey';
import { cli, tempDir } from './helpers';

let server: Server;
let base: string;
const requested: string[] = [];

before(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    if (req.url === '/a2a/.well-known/agent-card.json') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(pricingCard(`${base}/a2a`, 'base')));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((done) => server.close(() => done())));

for (const spelling of ['/a2a', '/a2a/', '/a2a/?x=1#y']) {
  test(`pin ${spelling}: the card beneath the base path, recorded under the same key fetch and probes use`, async (t) => {
    requested.length = 0;
    const r = await cli(['pin', `${base}${spelling}`, '--skill', 'itinerary-pricing'], tempDir(t));
    assert.equal(r.code, 0, r.stderr);
    const lock = JSON.parse(r.stdout) as { agent: string };
    assert.equal(lock.agent, `${base}/a2a/.well-known/agent-card.json`);
    assert.equal(agentKey(lock.agent), agentKey(`${base}${spelling}`));
    assert.deepEqual(requested, ['/a2a/.well-known/agent-card.json']);
  });
}

test('pin of a URL that is not http(s) or not a URL: one line, exit 2', async (t) => {
  const dir = tempDir(t);
  for (const [target, message] of [
    ['http://', /not a valid URL/],
    ['https://[::1', /not a valid URL/],
  ] as const) {
    const r = await cli(['pin', target, '--skill', 'x'], dir);
    assert.equal(r.code, 2, target);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
});
