/**
 * The library's NetworkClient reaches public addresses only unless the caller says otherwise in code: by default
 * an agent on loopback (or a private address) is refused before any request, with a NetError of kind 'policy'; a
 * card's or a caller's claimed origin class opens nothing; `allowNetwork` (classes) and `allowHosts` (names) do.
 * A netns test: it names a private address, and only `lo` is up.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  compileCard,
  createNetworkClient,
  createTrustStore,
  fetchCard,
  memoryStaleMarkers,
  probeAgent,
  sendToSkill,
  verifySignatures,
  type NetworkClient,
} from '../../server/src/api/index';

let server: Server;
let base: string;
let requests = 0;

function agentCard(url: string) {
  return {
    name: 'Local',
    description: 'An agent on this machine',
    version: '1.0.0',
    supportedInterfaces: [{ url: `${url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes', tags: ['t'] }],
  };
}

before(async () => {
  server = createServer((req, res) => {
    requests++;
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/agent-card.json') res.end(JSON.stringify(agentCard(base)));
    else if (req.url === '/jwks.json') res.end(JSON.stringify({ keys: [] }));
    else res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { message: { role: 'ROLE_AGENT', parts: [] } } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

const refused = (e: unknown) =>
  e instanceof Error && e.name === 'NetError' && (e as Error & { kind?: string }).kind === 'policy';

async function withClient<T>(network: NetworkClient, use: (n: NetworkClient) => Promise<T>): Promise<T> {
  try {
    return await use(network);
  } finally {
    await network.close();
  }
}

describe('createNetworkClient() without options: public addresses only', () => {
  it('refuses 127.0.0.1 and a private address with a NetError of kind policy, sending nothing', async () => {
    const before = requests;
    await withClient(createNetworkClient(), async (network) => {
      await assert.rejects(fetchCard(base, { network }), refused);
      await assert.rejects(fetchCard('http://10.1.2.3/', { network }), refused);
      // In the library's words: the remedy is an option in code, not a CLI flag.
      await assert.rejects(
        fetchCard(base, { network }),
        (e: Error) =>
          /refused: loopback address 127\.0\.0\.1; .*allowNetwork: \['loopback'\]/.test(e.message) &&
          !/--allow-network|repository content/.test(e.message),
      );
      await assert.rejects(probeAgent(base, { network }), refused);
    });
    assert.equal(requests, before, 'no request reached the loopback agent');
  });

  it('a claimed loopback origin class opens nothing: sendToSkill and a JWKS URL are refused too', async () => {
    const before = requests;
    const profile = compileCard(agentCard(base));
    assert.equal(profile.usable, true);
    await withClient(createNetworkClient(), async (network) => {
      await assert.rejects(
        sendToSkill(profile, 'echo', [{ text: 'hi' }], {
          network,
          agent: base,
          stale: memoryStaleMarkers(),
          originClass: 'loopback',
        }),
        refused,
      );
      const trust = createTrustStore({ k: `${base}/jwks.json` }, { network });
      const verdict = await verifySignatures(
        { ...agentCard(base), signatures: [{ protected: 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImsifQ', signature: 'AA' }] },
        { trust, cardUrl: `${base}/.well-known/agent-card.json` },
      );
      assert.notEqual(verdict.outcome, 'verified');
    });
    assert.equal(requests, before, 'no request reached the loopback agent');
  });
});

describe('createNetworkClient with an explicit allowance', () => {
  it("allowNetwork: ['loopback'] reaches the loopback agent", async () => {
    await withClient(createNetworkClient({ allowNetwork: ['loopback'] }), async (network) => {
      const fetched = await fetchCard(base, { network });
      assert.deepEqual([fetched.status, fetched.valid, fetched.originClass], ['fetched', true, 'loopback']);
    });
  });

  it("allowHosts: ['localhost'] reaches that name, not 127.0.0.1", async () => {
    const port = (server.address() as AddressInfo).port;
    await withClient(createNetworkClient({ allowHosts: ['localhost'] }), async (network) => {
      assert.equal((await fetchCard(`http://localhost:${port}`, { network })).status, 'fetched');
      await assert.rejects(fetchCard(base, { network }), refused);
    });
  });

  it('an unknown class is a TypeError, never a wider or narrower client', () => {
    assert.throws(
      () => createNetworkClient({ allowNetwork: ['everything' as 'loopback'] }),
      (e: unknown) =>
        e instanceof TypeError && /allowNetwork: "everything" is not one of loopback, private/.test(e.message),
    );
  });
});
