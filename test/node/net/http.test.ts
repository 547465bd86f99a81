// The guarded HTTP client against the lying agent on 127.0.0.1: every limit produces its typed error
// in bounded time and memory. Only loopback addresses appear here (policy tests with other addresses
// live in policy.netns.test.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHttpClient, type NodeHttpClient } from '../../../server/src/node/net/http';
import { NetError } from '../../../server/src/core/net/errors';
import { startLyingAgent, LyingAgent } from '../../agents/lying';

let agent: LyingAgent;
let http: NodeHttpClient;
before(async () => {
  agent = await startLyingAgent({ busyCount: 1 });
  http = createHttpClient({ resolver: async (h) => (h === 'agent.test' ? [{ address: '127.0.0.1', family: 4 }] : []) });
});
after(async () => {
  await http.close();
  await agent.close();
});

async function failure(p: Promise<unknown>): Promise<NetError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof NetError, `expected NetError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a failure');
}

/** Bytes held by Buffers/ArrayBuffers: what a 50 MB body would inflate. */
function arrayBytes(): number {
  return process.memoryUsage().arrayBuffers;
}

describe('guarded HTTP client', () => {
  it('fetches a card and reports status, headers and origin class', async () => {
    const res = await http.request(`${agent.url}/.well-known/agent-card.json`, {
      origin: 'user',
      contentTypes: ['application/json'],
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.etag, '"card-v2"');
    assert.equal(res.addressClass, 'loopback');
    assert.equal(JSON.parse(res.body.toString('utf8')).name, 'Lying Agent');
  });

  it('resolves host names with the injected resolver and keeps the name in Host', async () => {
    const res = await http.request(`http://agent.test:${agent.port}/.well-known/agent-card.json`, { origin: 'user' });
    assert.equal(res.status, 200);
    assert.equal(agent.lastHeaders.get('/.well-known/agent-card.json')?.host, `agent.test:${agent.port}`);
    assert.equal(res.url, `http://agent.test:${agent.port}/.well-known/agent-card.json`);
  });

  it('a slow drip ends in a timeout error naming the URL and the limit, in bounded time', async () => {
    const t0 = Date.now();
    const err = await failure(http.request(`${agent.url}/drip`, { origin: 'user', timeoutMs: 400 }));
    assert.equal(err.kind, 'timeout');
    assert.match(err.message, /\/drip: .*400 ms/);
    assert.ok(Date.now() - t0 < 3000, 'gave up promptly');
  });

  for (const path of ['/huge', '/huge-cl']) {
    it(`50 MB at ${path} stops at the 1 MiB cap without buffering it`, async () => {
      const before = arrayBytes();
      const t0 = Date.now();
      const err = await failure(http.request(`${agent.url}${path}`, { origin: 'user' }));
      assert.ok(Date.now() - t0 < 5000, 'stopped early, not after 50 MB');
      assert.equal(err.kind, 'too-large');
      assert.equal(err.details.limit, 1024 * 1024);
      assert.match(err.message, new RegExp(`${path}: .*1048576-byte limit`));
      assert.ok(arrayBytes() - before < 16 * 1024 * 1024, 'memory stayed bounded');
    });
  }

  it('a gzip bomb is stopped after decompression', async () => {
    const before = arrayBytes();
    const t0 = Date.now();
    const err = await failure(http.request(`${agent.url}/bomb`, { origin: 'user' }));
    assert.ok(Date.now() - t0 < 5000, 'bounded time');
    assert.equal(err.kind, 'too-large');
    assert.match(err.message, /after decompression/);
    assert.ok(arrayBytes() - before < 16 * 1024 * 1024, 'memory stayed bounded');
  });

  it('a redirect loop hits the redirect limit', async () => {
    const err = await failure(http.request(`${agent.url}/loop`, { origin: 'user', maxRedirects: 3 }));
    assert.equal(err.kind, 'redirect-limit');
    assert.match(err.message, /more than 3 redirects/);
  });

  it('a wrong content type is a typed error', async () => {
    const err = await failure(
      http.request(`${agent.url}/html`, { origin: 'user', contentTypes: ['application/json', '+json'] }),
    );
    assert.equal(err.kind, 'content-type');
    assert.match(err.message, /text\/html/);
  });

  it('non-http schemes are refused before any I/O', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'gopher://127.0.0.1/']) {
      const err = await failure(http.request(url, { origin: 'user' }));
      assert.equal(err.kind, 'bad-scheme');
    }
    assert.equal((await failure(http.request('not a url', { origin: 'user' }))).kind, 'bad-url');
  });

  it('a URL with credentials is refused before any I/O, and the message does not repeat them', async () => {
    for (const userinfo of ['user:secret@', 'user@', ':secret@']) {
      const err = await failure(http.request(agent.url.replace('http://', `http://${userinfo}`), { origin: 'user' }));
      assert.equal(err.kind, 'bad-url');
      assert.match(
        err.message,
        /a URL with credentials \(user:password@\) is refused; give a credential with --credential-env/,
      );
      assert.doesNotMatch(err.message, /secret|user@/);
    }
  });

  it('a card URL on loopback is allowed only from a loopback origin', async () => {
    const ok = await http.request(`${agent.url}/.well-known/agent-card.json`, {
      origin: 'card',
      originClass: 'loopback',
    });
    assert.equal(ok.status, 200);
    const err = await failure(
      http.request(`${agent.url}/.well-known/agent-card.json`, { origin: 'card', originClass: 'public' }),
    );
    assert.equal(err.kind, 'policy');
  });

  it('an unknown host is a dns error, not a crash', async () => {
    const err = await failure(http.request('http://nowhere.test/x', { origin: 'user' }));
    assert.equal(err.kind, 'dns');
  });

  it('credentials go to the first origin only, never across a redirect to another origin', async () => {
    const target = `http://agent.test:${agent.port}/.well-known/agent-card.json`;
    await http.request(`${agent.url}/redirect?to=${encodeURIComponent(target)}`, {
      origin: 'user',
      credentialHeaders: { authorization: 'Bearer secret-xyz' },
    });
    assert.equal(agent.lastHeaders.get('/redirect')?.authorization, 'Bearer secret-xyz');
    assert.equal(agent.lastHeaders.get('/.well-known/agent-card.json')?.authorization, undefined);
    // Even a caller that put a secret in the ordinary headers does not leak it across origins.
    await http.request(`${agent.url}/redirect?to=${encodeURIComponent(target)}`, {
      origin: 'user',
      headers: { Authorization: 'Bearer oops', cookie: 'sid=1' },
    });
    assert.equal(agent.lastHeaders.get('/.well-known/agent-card.json')?.authorization, undefined);
    assert.equal(agent.lastHeaders.get('/.well-known/agent-card.json')?.cookie, undefined);
  });

  it('an already-cancelled request makes no request at all', async () => {
    const hits = agent.hits.get('/.well-known/agent-card.json');
    const err = await failure(
      http.request(`${agent.url}/.well-known/agent-card.json`, { origin: 'user', signal: AbortSignal.abort() }),
    );
    assert.equal(err.kind, 'aborted');
    assert.equal(agent.hits.get('/.well-known/agent-card.json'), hits);
  });

  it('a refused connection is a network error naming the URL', async () => {
    const closed = await startLyingAgent();
    const url = `${closed.url}/x`;
    await closed.close();
    const err = await failure(http.request(url, { origin: 'user', timeoutMs: 2000 }));
    assert.equal(err.kind, 'network');
    assert.match(err.message, /ECONNREFUSED/);
  });
});
