// HTTPS through the guarded client: the connection goes to the checked IP literal, yet TLS still sends SNI
// and verifies the certificate against the host NAME (a certificate for another name is refused).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Agent } from 'undici';
import { createHttpClient } from '../../../server/src/node/net/http';
import { NetError } from '../../../server/src/core/net/errors';

const dir = join(__dirname, '..', '..', 'fixtures', 'http');
const cert = readFileSync(join(dir, 'agent.test.cert.pem'));
const key = readFileSync(join(dir, 'agent.test.key.pem'));
let server: Server;
let port = 0;
let sni: (string | false)[] = [];
before(async () => {
  server = createServer({ cert, key }, (req, res) => {
    if (req.url === '/down') {
      res.writeHead(302, { location: `http://agent.test:${port}/card.json` });
      res.end();
      return;
    }
    sni.push((req.socket as unknown as { servername: string | false }).servername);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ host: req.headers.host }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const resolver = async (h: string) =>
  h === 'agent.test' || h === 'other.test' ? [{ address: '127.0.0.1', family: 4 }] : [];

describe('TLS to the pinned address', () => {
  it('verifies the certificate against the name and sends SNI', async () => {
    sni = [];
    const dispatcher = new Agent({ connect: { ca: cert } });
    const http = createHttpClient({ resolver, dispatcher });
    try {
      const res = await http.request(`https://agent.test:${port}/card.json`, { origin: 'user' });
      assert.equal(res.status, 200);
      assert.equal(JSON.parse(res.body.toString()).host, `agent.test:${port}`);
      assert.deepEqual(sni, ['agent.test']);
    } finally {
      await dispatcher.close();
    }
  });

  it('a redirect from https down to plain http is refused', async () => {
    const dispatcher = new Agent({ connect: { ca: cert } });
    const http = createHttpClient({ resolver, dispatcher });
    try {
      await assert.rejects(
        http.request(`https://agent.test:${port}/down`, { origin: 'user' }),
        (e: unknown) => e instanceof NetError && e.kind === 'policy' && /https to plain http/.test(e.message),
      );
    } finally {
      await dispatcher.close();
    }
  });

  it('a certificate for another name is refused (no silent IP-only trust)', async () => {
    const dispatcher = new Agent({ connect: { ca: cert } });
    const http = createHttpClient({ resolver, dispatcher });
    try {
      await assert.rejects(
        http.request(`https://other.test:${port}/card.json`, { origin: 'user' }),
        (e: unknown) =>
          e instanceof NetError && e.kind === 'network' && /ERR_TLS_CERT_ALTNAME_INVALID|altname/i.test(e.message),
      );
    } finally {
      await dispatcher.close();
    }
  });
});
