// The guarded client's one-hop exchange (node/net/exchange.ts) against a plain node:http server on 127.0.0.1:
// cancellation in flight, early stop, 1xx answers, drained redirect bodies (connection kept), and many
// concurrent conditional requests on keep-alive connections.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { createHttpClient, type NodeHttpClient } from '../../../server/src/node/net/http';
import { NetError } from '../../../server/src/core/net/errors';

let server: Server;
let base: string;
let http: NodeHttpClient;
let connections = 0;
const held: ServerResponse[] = [];
let arrived: (() => void) | undefined;

function answer(req: IncomingMessage, res: ServerResponse): void {
  switch (req.url) {
    case '/hold':
      held.push(res);
      arrived?.();
      return; // never answers
    case '/sse':
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"first":true}\n\n');
      held.push(res);
      return; // never ends
    case '/early-hints':
      res.writeEarlyHints({ link: '</x.css>; rel=preload' });
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":1}');
      return;
    case '/redirect-with-body':
      res.writeHead(302, { location: '/card', 'content-type': 'text/html' });
      res.end('x'.repeat(10_000));
      return;
    case '/card': {
      res.setHeader('etag', '"v1"');
      if (req.headers['if-none-match'] === '"v1"') {
        res.statusCode = 304;
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end('{"name":"card"}');
      return;
    }
    default:
      res.statusCode = 404;
      res.end();
  }
}

before(async () => {
  server = createServer(answer);
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  http = createHttpClient();
});
after(async () => {
  for (const res of held) res.destroy();
  await http.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
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

describe('guarded client exchanges', () => {
  it('a caller cancelling a request in flight gets an aborted error at once', async () => {
    const controller = new AbortController();
    const came = new Promise<void>((r) => {
      arrived = r;
    });
    const pending = http.request(`${base}/hold`, { origin: 'user', signal: controller.signal, timeoutMs: 5000 });
    await came;
    const t0 = Date.now();
    controller.abort();
    const err = await failure(pending);
    assert.equal(err.kind, 'aborted');
    assert.ok(Date.now() - t0 < 1000, 'settled promptly');
  });

  it('the total deadline aborts a request whose answer never comes', async () => {
    const err = await failure(http.request(`${base}/hold`, { origin: 'user', timeoutMs: 200 }));
    assert.equal(err.kind, 'timeout');
    assert.match(err.message, /\/hold: .*200 ms/);
  });

  it('stopWhen ends reading a never-ending stream with what came so far', async () => {
    const t0 = Date.now();
    const res = await http.request(`${base}/sse`, {
      origin: 'user',
      timeoutMs: 5000,
      stopWhen: (b) => b.includes('\n\n'),
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.toString('utf8'), 'data: {"first":true}\n\n');
    assert.ok(Date.now() - t0 < 2000, 'did not wait for the deadline');
  });

  it('an informational 103 answer is skipped; the final answer is returned', async () => {
    const res = await http.request(`${base}/early-hints`, { origin: 'user', contentTypes: ['application/json'] });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body.toString('utf8')), { ok: 1 });
  });

  it('a redirect body is drained, not kept, and the connection is reused for the next hop', async () => {
    // One connection per origin: were the body aborted instead of drained, the second hop would need a new one.
    const dispatcher = new Agent({ connections: 1 });
    const client = createHttpClient({ dispatcher });
    try {
      const before = connections;
      const res = await client.request(`${base}/redirect-with-body`, {
        origin: 'user',
        contentTypes: ['application/json'],
      });
      assert.equal(res.status, 200);
      assert.equal(res.redirects, 1);
      assert.equal(res.body.toString('utf8'), '{"name":"card"}');
      assert.equal(connections - before, 1, 'one keep-alive connection for both hops');
    } finally {
      await client.close();
      await dispatcher.close();
    }
  });

  it('many concurrent conditional requests: every one a 304 with an empty body, no error', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        http.request(`${base}/card`, {
          origin: 'user',
          headers: { 'If-None-Match': '"v1"' },
          contentTypes: ['application/json'],
        }),
      ),
    );
    assert.ok(results.every((r) => r.status === 304 && r.body.length === 0 && r.headers.etag === '"v1"'));
  });
});
