/**
 * A card URL typed with userinfo (`https://user:password@host/…`): the password is for this fetch, never for the
 * lockfile, which goes into the repository. The HTTP client refuses such a URL before anything is sent (a credential
 * is given with --credential-env); the refusal never shows the password. The lockfile's agent field drops userinfo
 * as well (test/app/pin.test.ts), for every front end.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { cli, tempDir } from './helpers';

const PASSWORD = 'pin-userinfo-s3cret';
let server: Server;
let port: number;

before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/a2a/.well-known/agent-card.json') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(pricingCard(`http://127.0.0.1:${port}/a2a`, 'base')));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((done) => server.close(() => done())));

test('pin of a URL with userinfo: refused in one line that never shows the password; nothing written', async (t) => {
  const dir = tempDir(t);
  const url = `http://alice:${PASSWORD}@127.0.0.1:${port}/a2a`;
  for (const out of [[], ['--out', 'a2a-lock.json']]) {
    const r = await cli(['pin', url, '--skill', 'itinerary-pricing', ...out], dir);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /credentials/);
    assert.doesNotMatch(r.stderr, new RegExp(PASSWORD));
  }
  assert.equal(existsSync(join(dir, 'a2a-lock.json')), false);
});
