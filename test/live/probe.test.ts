// Probes against the real SDK agent and the lying agent on 127.0.0.1: claims vs behaviour.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '../../server/src/node/net/http';
import type { HttpClient } from '../../server/src/core/net/http';
import { callA2a } from '../../server/src/core/a2a/call';
import { probeAgent, ProbeReport } from '../../server/src/core/probe/probeAgent';
import { safeTarget, sideEffectingSkill } from '../../server/src/core/probe/probes';
import { createRateLimiter } from '../../server/src/core/probe/rateLimit';
import { startSdkAgent, SdkAgent, SDK_TOKENS } from '../agents/sdkAgent';
import { startLyingAgent, LyingAgent } from '../agents/lying';

let sdk: SdkAgent;
let liar: LyingAgent;
let http: HttpClient;
before(async () => {
  [sdk, liar] = await Promise.all([startSdkAgent({ extended: 'per-user' }), startLyingAgent({ busyCount: 2 })]);
  http = createHttpClient();
});
after(async () => {
  await http.close();
  await Promise.all([sdk.close(), liar.close()]);
});

const fast = () => createRateLimiter({ minIntervalMs: 0 });
const outcomes = (r: ProbeReport): Record<string, string> =>
  Object.fromEntries(r.results.map((x) => [x.probe, x.outcome]));

describe('probes against the real SDK agent', () => {
  it('default probes: version, negotiation, streaming, push verified; extended card skipped without a credential; message probes skipped', async () => {
    const report = await probeAgent(sdk.url, { http, limiter: fast() });
    assert.equal(report.interface?.binding, 'JSONRPC');
    assert.deepEqual(outcomes(report), {
      version: 'verified',
      'version-negotiation': 'verified',
      'version-default': 'verified',
      streaming: 'verified',
      push: 'verified',
      'extended-card': 'skipped',
      'streaming-message': 'skipped',
      'card-media-type': 'verified',
      'card-cache-control': 'verified',
      'card-revalidation': 'verified',
      // Interfaces on a loopback host as written: local testing, exempt from HTTPS and HSTS.
      [`transport-security:${sdk.jsonRpcUrl}`]: 'skipped',
      [`transport-security:${sdk.restUrl}`]: 'skipped',
    });
    for (const r of report.results) assert.match(r.at, /^\d{4}-\d\d-\d\dT/);
  });

  it('with a credential the extended card is verified; with a safe request streaming messages are verified (HTTP+JSON too)', async () => {
    const rest = await startSdkAgent({ extended: 'per-user', preferred: 'HTTP+JSON' });
    try {
      for (const url of [sdk.url, rest.url]) {
        const report = await probeAgent(url, {
          http,
          limiter: fast(),
          credential: { token: SDK_TOKENS.alice },
          safeRequest: { text: 'ping' },
        });
        const o = outcomes(report);
        assert.equal(o['extended-card'], 'verified', JSON.stringify(report.results));
        assert.equal(o['streaming-message'], 'verified', JSON.stringify(report.results));
        assert.equal(o.streaming, 'verified', JSON.stringify(report.results));
      }
    } finally {
      await rest.close();
    }
  });

  it('an agent that says streaming:false and means it: the claim is verified', async () => {
    const plain = await startSdkAgent({ streaming: false, extended: 'none' });
    try {
      const report = await probeAgent(plain.url, { http, limiter: fast() });
      const o = outcomes(report);
      assert.equal(o.streaming, 'verified', JSON.stringify(report.results));
      assert.equal(o['extended-card'], 'verified', JSON.stringify(report.results));
    } finally {
      await plain.close();
    }
  });
});

describe('probes against an SDK agent whose card lies about the extended card', () => {
  it('extended-card is refuted', async () => {
    const agent = await startSdkAgent({ extended: 'none', advertiseExtended: true });
    try {
      const report = await probeAgent(agent.url, { http, limiter: fast() });
      const r = report.results.find((x) => x.probe === 'extended-card')!;
      assert.equal(r.outcome, 'refuted', r.detail);
      assert.match(r.detail, /UnsupportedOperation/);
    } finally {
      await agent.close();
    }
  });
});

describe('probes against the lying agent', () => {
  it('claims streaming but answers UnsupportedOperation: refuted', async () => {
    const report = await probeAgent(liar.url, { http, limiter: fast() });
    const o = outcomes(report);
    assert.equal(o.streaming, 'refuted');
    assert.equal(
      o['required-extension:https://example.test/ext/must-have/v1'],
      'skipped',
      'message probes need a safe request',
    );
  });

  it('with a safe request: rejected media type, unenforced required extension and fake streaming are refuted', async () => {
    const report = await probeAgent(liar.url, {
      http,
      limiter: fast(),
      safeRequest: { text: 'ping', mediaTypes: ['text/plain', 'image/png'] },
    });
    const o = outcomes(report);
    assert.equal(o['media-type:text/plain'], 'verified');
    assert.equal(o['media-type:image/png'], 'refuted');
    assert.equal(o['required-extension:https://example.test/ext/must-have/v1'], 'refuted');
    assert.equal(o['streaming-message'], 'refuted');
    // Only the bearer the card declares would be sent; none was configured, so none was.
    assert.equal(liar.lastHeaders.get('/rpc')?.authorization, undefined);
  });

  it('429 + Retry-After is respected: the limiter waits as told, then succeeds', async () => {
    const waits: number[] = [];
    let t = 0;
    const limiter = createRateLimiter({
      minIntervalMs: 0,
      now: () => t,
      sleep: async (ms) => {
        waits.push(ms);
        t += ms;
      },
    });
    const iface = { url: `${liar.url}/rpc-busy`, binding: 'JSONRPC', version: '1.0', tenant: null };
    const r = await limiter.run(
      () => callA2a(iface, 'GetTask', { id: 'x' }, { http, originClass: 'loopback' }),
      (res) => (!res.ok && res.error.type === 'RateLimited' ? (res.error.retryAfterSeconds ?? 1) * 1000 : undefined),
    );
    assert.equal(r.ok ? 'ok' : r.error.type, 'TaskNotFound');
    assert.deepEqual(waits, [1000, 2000], 'Retry-After: 1 honoured, then backed off');
  });

  it('a Retry-After pauses every queued call to that agent, not only the retried one', async () => {
    let t = 0;
    const starts: [string, number][] = [];
    const limiter = createRateLimiter({
      minIntervalMs: 0,
      now: () => t,
      sleep: async (ms) => {
        t += ms;
      },
    });
    let first = true;
    await Promise.all([
      limiter.run(
        async () => {
          starts.push(['a', t]);
          const busy = first;
          first = false;
          return busy;
        },
        (busy) => (busy ? 3000 : undefined),
      ),
      limiter.run(async () => {
        starts.push(['b', t]);
        return false;
      }),
    ]);
    assert.deepEqual(starts, [
      ['a', 0],
      ['b', 3000],
      ['a', 3000],
    ]);
  });
});

describe('an agent that keeps answering 429', () => {
  it('a Retry-After beyond the cap is not waited for, and the waits for one agent stop at the budget', async () => {
    let t = 0;
    const waits: number[] = [];
    const limiter = createRateLimiter({
      minIntervalMs: 0,
      now: () => t,
      sleep: async (ms) => {
        waits.push(ms);
        t += ms;
      },
    });
    // "Come back in three years": answered at once, not after 30 s.
    assert.equal(
      await limiter.run(
        async () => 'busy',
        () => 99_999_999 * 1000,
      ),
      'busy',
    );
    assert.deepEqual(waits, []);
    // Retry-After 20 s, forever: 20 + 30 (backoff, capped) for the first call; the budget (60 s) leaves 10 s, not enough for the next.
    for (let i = 0; i < 5; i++)
      await limiter.run(
        async () => 'busy',
        () => 20_000,
      );
    assert.deepEqual(waits, [20_000, 30_000]);
  });

  it('each probe is an error saying the agent is rate limiting, never a verdict on the claim', async () => {
    const busy = createServer((req, res) => {
      if (req.url === '/.well-known/agent-card.json') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(sdk.card).replaceAll(sdk.url, base));
        return;
      }
      res.writeHead(429, { 'retry-after': '99999999' });
      res.end();
    });
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
    try {
      const report = await probeAgent(base, { http, limiter: fast() });
      // The card endpoint answers normally here: only the probes that call the interface meet the 429s.
      for (const r of report.results.filter(
        (x) => x.outcome !== 'skipped' && !/^(card-|transport-security:)/.test(x.probe),
      )) {
        assert.equal(r.outcome, 'error', JSON.stringify(r));
        assert.match(
          r.detail,
          /the agent is rate limiting \(RateLimited \(HTTP 429\)\); it asks to retry after 99999999 s: probe again later/,
        );
      }
    } finally {
      busy.closeAllConnections();
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});

describe('probe safety and pacing', () => {
  it('side-effecting skills are never targeted unless allowed by name', () => {
    assert.equal(sideEffectingSkill({ id: 'book-flight', name: 'Flights', tags: [] }), true);
    assert.equal(sideEffectingSkill({ id: 'x', name: 'Send email', tags: [] }), true);
    assert.equal(sideEffectingSkill({ id: 'x', name: 'Search', tags: ['purchase'] }), true);
    assert.equal(sideEffectingSkill({ id: 'echo', name: 'Echo', tags: ['test'] }), false);
    const card = {
      skills: [
        { id: 'buy-stock', name: 'Buy', tags: [] },
        { id: 'echo', name: 'Echo', tags: [] },
      ],
    };
    const unnamed = safeTarget(card, { text: 'hi' });
    assert.ok('skip' in unnamed);
    assert.match(unnamed.skip, /several skills.*--skill ID/, 'says how to name the skill on the command line');
    assert.ok('skip' in safeTarget(card, { text: 'hi', skill: 'buy-stock' }));
    assert.deepEqual(safeTarget(card, { text: 'hi', skill: 'buy-stock', allowSkills: ['buy-stock'] }), {
      skill: 'buy-stock',
    });
    assert.deepEqual(safeTarget(card, { text: 'hi', skill: 'echo' }), { skill: 'echo' });
  });

  it('concurrency 1 and a minimum interval between calls', async () => {
    let t = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const starts: number[] = [];
    const limiter = createRateLimiter({
      minIntervalMs: 100,
      now: () => t,
      sleep: async (ms) => {
        t += ms;
      },
    });
    await Promise.all(
      [1, 2, 3].map(() =>
        limiter.run(async () => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          starts.push(t);
          await new Promise((r) => setImmediate(r));
          inFlight--;
        }),
      ),
    );
    assert.equal(maxInFlight, 1);
    assert.deepEqual(starts, [0, 100, 200]);
  });
});
