// Address-policy tests that name non-loopback addresses. This file runs inside a network namespace with
// only `lo` up (scripts/test.mjs), so even a broken policy could not send a packet anywhere; each test
// asserts that OUR policy refused the address (NetError kind 'policy'), not the kernel (ENETUNREACH).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyAddress } from '../../../server/src/core/net/address';
import { checkAddress } from '../../../server/src/core/net/policy';
import { createHttpClient } from '../../../server/src/node/net/http';
import type { HttpClient } from '../../../server/src/core/net/http';
import { NetError } from '../../../server/src/core/net/errors';
import { startLyingAgent, LyingAgent } from '../../agents/lying';

const CLASSES: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['::1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['fd12::1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['fe80::1', 'link-local'],
  ['100.100.100.200', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:a9fe:a9fe', 'link-local'],
  ['64:ff9b::a9fe:a9fe', 'link-local'],
  ['224.0.0.1', 'multicast'],
  ['8.8.8.8', 'public'],
  ['2001:db8::1', 'reserved'], // documentation (RFC 3849)
  ['2606:4700::1111', 'public'],
];

describe('address classification', () => {
  for (const [ip, cls] of CLASSES) it(`${ip} is ${cls}`, () => assert.equal(classifyAddress(ip), cls));
});

describe('policy decisions', () => {
  it('user URLs may reach loopback and private, never link-local or metadata', () => {
    assert.equal(checkAddress('h', '10.0.0.5', { origin: 'user' }).allowed, true);
    assert.equal(checkAddress('h', '127.0.0.1', { origin: 'user' }).allowed, true);
    assert.equal(checkAddress('h', '169.254.169.254', { origin: 'user' }).allowed, false);
    assert.equal(checkAddress('h', '100.100.100.200', { origin: 'user' }).allowed, false);
  });
  it('card URLs reach loopback/private only from the same class; the allowlist widens that, never to metadata', () => {
    assert.equal(checkAddress('h', '10.0.0.5', { origin: 'card', originClass: 'loopback' }).allowed, false);
    assert.equal(checkAddress('h', '10.0.0.5', { origin: 'card', originClass: 'private' }).allowed, true);
    assert.equal(checkAddress('h', '127.0.0.1', { origin: 'card', originClass: 'private' }).allowed, false);
    assert.equal(checkAddress('h', '127.0.0.1', { origin: 'card', originClass: 'public' }).allowed, false);
    assert.equal(checkAddress('h', '93.184.216.34', { origin: 'card', originClass: 'loopback' }).allowed, true);
    assert.equal(
      checkAddress('intra.test', '10.0.0.5', { origin: 'card', originClass: 'public', allowHosts: ['intra.test'] })
        .allowed,
      true,
    );
    assert.equal(
      checkAddress('meta.test', '169.254.169.254', { origin: 'card', originClass: 'public', allowHosts: ['meta.test'] })
        .allowed,
      false,
    );
  });
});

describe('policy enforced on the wire (loopback-only namespace)', () => {
  let agent: LyingAgent;
  let http: HttpClient;
  let resolved: string[];
  before(async () => {
    agent = await startLyingAgent();
    resolved = [];
    // A "rebinding" resolver: the name maps to the metadata address. The policy must refuse it.
    http = createHttpClient({
      resolver: async (h) => {
        resolved.push(h);
        if (h === 'metadata.test') return [{ address: '169.254.169.254', family: 4 }];
        if (h === 'intranet.test') return [{ address: '10.1.2.3', family: 4 }];
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
  });
  after(async () => {
    await http.close();
    await agent.close();
  });

  async function refused(p: Promise<unknown>): Promise<NetError> {
    try {
      await p;
    } catch (err) {
      assert.ok(err instanceof NetError, String(err));
      assert.equal(err.kind, 'policy', `refused by our policy, not by the kernel: ${err.message}`);
      assert.doesNotMatch(err.message, /ENETUNREACH/);
      return err;
    }
    assert.fail('expected the policy to refuse');
  }

  it('a redirect to 169.254.169.254 is refused by the policy', async () => {
    const err = await refused(
      http.request(`${agent.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, {
        origin: 'user',
      }),
    );
    assert.match(err.message, /link-local/);
  });
  it('a redirect from a loopback card to a private address is refused', async () => {
    const err = await refused(
      http.request(`${agent.url}/redirect?to=${encodeURIComponent('http://10.1.2.3/card')}`, { origin: 'user' }),
    );
    assert.match(err.message, /private address 10\.1\.2\.3/);
  });
  it('a host name resolving to a metadata address is refused after DNS', async () => {
    await refused(http.request('http://metadata.test/latest', { origin: 'user' }));
    assert.ok(resolved.includes('metadata.test'));
  });
  it('a card URL pointing at IPv6 link-local or mapped metadata is refused', async () => {
    await refused(http.request('http://[fe80::1]/x', { origin: 'card', originClass: 'loopback' }));
    await refused(http.request('http://[::ffff:169.254.169.254]/x', { origin: 'card', originClass: 'loopback' }));
    await refused(http.request('http://100.100.100.200/x', { origin: 'user' }));
  });
  it('obfuscated spellings of the metadata address are normalized, then refused', async () => {
    for (const url of [
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://2852039166/',
      'http://169.254.43518/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[0:0:0:0:0:ffff:169.254.169.254]/',
    ]) {
      await refused(http.request(url, { origin: 'user' }));
    }
  });

  it('a card URL on a private address from a loopback card is refused', async () => {
    await refused(http.request('http://intranet.test/rpc', { origin: 'card', originClass: 'loopback' }));
  });
});
