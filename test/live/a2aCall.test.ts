// callA2a against hostile answers: a typed result or a typed NetError, in bounded time, never a crash.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHttpClient } from '../../server/src/node/net/http';
import type { HttpClient } from '../../server/src/core/net/http';
import { NetError } from '../../server/src/core/net/errors';
import { callA2a } from '../../server/src/core/a2a/call';
import { startLyingAgent, LyingAgent } from '../agents/lying';

let liar: LyingAgent;
let http: HttpClient;
before(async () => {
  liar = await startLyingAgent();
  http = createHttpClient();
});
after(async () => {
  await http.close();
  await liar.close();
});

const iface = (path: string) => ({ url: `${liar.url}${path}`, binding: 'JSONRPC', version: '1.0', tenant: null });
// 500 ms where the test waits for the timeout itself; elsewhere a bound a loaded machine cannot reach, so a slow
// first connection is never mistaken for the answer under test.
const opts = (timeoutMs = 10_000) => ({ http, originClass: 'loopback' as const, timeoutMs });

describe('callA2a on hostile answers', () => {
  it('bytes that are not JSON → InvalidAgentResponse', async () => {
    const r = await callA2a(iface('/rpc-garbage'), 'GetTask', { id: 'x' }, opts());
    assert.equal(r.ok ? 'ok' : r.error.type, 'InvalidAgentResponse');
  });
  it('an event stream without data → InvalidAgentResponse', async () => {
    const r = await callA2a(iface('/rpc-sse-empty'), 'SubscribeToTask', { id: 'x' }, opts());
    assert.equal(r.ok ? 'ok' : r.error.type, 'InvalidAgentResponse');
  });
  it('an SSE event that never completes → timeout in bounded time', async () => {
    const t0 = Date.now();
    await assert.rejects(
      callA2a(iface('/rpc-sse-drip'), 'SubscribeToTask', { id: 'x' }, opts(500)),
      (e: unknown) => e instanceof NetError && e.kind === 'timeout',
    );
    assert.ok(Date.now() - t0 < 3000);
  });
  it('a redirect from an interface URL is not followed', async () => {
    await assert.rejects(
      callA2a(iface('/loop'), 'GetTask', { id: 'x' }, opts()),
      (e: unknown) => e instanceof NetError && e.kind === 'redirect-limit',
    );
  });
  it('an unknown binding is a clear error', async () => {
    await assert.rejects(callA2a({ ...iface('/rpc'), binding: 'GRPC' }, 'GetTask', {}, opts()), /GRPC.*not supported/);
  });
});
