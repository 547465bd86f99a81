// The guarded client remembers address-policy decisions (node/net/target.ts `decide`). A remembered "allowed"
// must never let a host through once it resolves elsewhere (DNS rebinding): the decision is keyed by the
// resolved address, and every hop is resolved again. Runs in a loopback-only network namespace (it names
// a link-local address; the policy, not the kernel, must refuse it).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '../../../server/src/node/net/http';
import type { HttpClient } from '../../../server/src/core/net/http';
import { NetError } from '../../../server/src/core/net/errors';

let server: Server;
let port: number;
let answer = '127.0.0.1';
let http: HttpClient;
let resolutions = 0;

before(async () => {
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  http = createHttpClient({
    resolver: async () => {
      resolutions++;
      return [{ address: answer, family: 4 }];
    },
  });
});
after(async () => {
  await http.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('remembered policy decisions', () => {
  it('a host allowed on loopback is refused once it re-resolves to a link-local address, and allowed again after', async () => {
    const url = `http://rebind.test:${port}/card`;
    const card = { origin: 'card', originClass: 'loopback' } as const;
    assert.equal((await http.request(url, card)).status, 200);
    assert.equal((await http.request(url, card)).status, 200);
    answer = '169.254.169.254';
    await assert.rejects(http.request(url, card), (err: unknown) => err instanceof NetError && err.kind === 'policy');
    answer = '127.0.0.1';
    assert.equal((await http.request(url, card)).status, 200);
    assert.equal(resolutions, 4, 'every request resolved the name again');
  });

  it('the same address is judged per kind of URL: a loopback literal allowed for a user URL is refused as a card URL from a public origin', async () => {
    const url = `http://127.0.0.1:${port}/card`;
    assert.equal((await http.request(url, { origin: 'user' })).status, 200);
    await assert.rejects(
      http.request(url, { origin: 'card', originClass: 'public' }),
      (err: unknown) => err instanceof NetError && err.kind === 'policy',
    );
  });
});
