// The endpoint and version-negotiation probes against the real SDK agent, switched into configurations that pass
// and fail each one: how the card is served, HTTPS + HSTS (a test name on 127.0.0.1 over TLS), patch-versioned
// interfaces and an agent that ignores A2A-Version.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';
import { createHttpClient } from '../../server/src/node/net/http';
import type { HttpClient } from '../../server/src/core/net/http';
import { probeAgent, type ProbeReport } from '../../server/src/core/probe/probeAgent';
import { transportProbe } from '../../server/src/core/probe/transportProbe';
import { createRateLimiter } from '../../server/src/core/probe/rateLimit';
import type { ProbeResult } from '../../server/src/core/probe/types';
import { startSdkAgent, type SdkAgentOptions } from '../agents/sdkAgent';
import { at } from '../at';

const fast = () => createRateLimiter({ minIntervalMs: 0 });
let http: HttpClient;
before(() => {
  http = createHttpClient();
});
after(async () => {
  await http.close();
});

async function probeWith(opts: SdkAgentOptions, client: HttpClient = http): Promise<ProbeReport> {
  const agent = await startSdkAgent({ extended: 'none', ...opts });
  try {
    return await probeAgent(agent.url, { http: client, limiter: fast() });
  } finally {
    await agent.close();
  }
}

function only(report: ProbeReport, probe: string): ProbeResult {
  const found = report.results.filter((r) => r.probe === probe);
  assert.equal(found.length, 1, `one ${probe} result in ${JSON.stringify(report.results.map((r) => r.probe))}`);
  return at(found, 0);
}

function expectOutcome(report: ProbeReport, probe: string, outcome: string, detail?: RegExp): void {
  const r = only(report, probe);
  assert.equal(r.outcome, outcome, `${probe}: ${r.detail}`);
  if (detail) assert.match(r.detail, detail);
}

describe('card endpoint probes', () => {
  it('the SDK agent as configured passes: JSON, max-age, an ETag honoured with 304', async () => {
    const report = await probeWith({});
    expectOutcome(report, 'card-media-type', 'verified', /application\/json/);
    expectOutcome(report, 'card-cache-control', 'verified', /may keep the card for 1 h/);
    expectOutcome(report, 'card-revalidation', 'verified', /If-None-Match W\/".*" answered 304/);
  });

  it('Last-Modified alone is enough when If-Modified-Since gets 304', async () => {
    expectOutcome(
      await probeWith({ cardServing: { lastModified: true } }),
      'card-revalidation',
      'verified',
      /If-Modified-Since .* answered 304/,
    );
  });

  it('without validators: refuted, saying every refresh is a full download and lockfile checks cannot be conditional', async () => {
    expectOutcome(
      await probeWith({ cardServing: { noValidators: true } }),
      'card-revalidation',
      'refuted',
      /no ETag and no Last-Modified: every refresh is a full download, and lockfile checks cannot revalidate/,
    );
  });

  it('validators served but a conditional request still gets the whole card: refuted', async () => {
    expectOutcome(
      await probeWith({ cardServing: { ignoreConditional: true } }),
      'card-revalidation',
      'refuted',
      /answered 200 with the whole card again/,
    );
  });

  it('a card served as text/plain: the media type is refuted (the card itself still reads)', async () => {
    const report = await probeWith({ cardServing: { contentType: 'text/plain' } });
    expectOutcome(
      report,
      'card-media-type',
      'refuted',
      /Content-Type is "text\/plain"; A2A clients expect application\/json or application\/a2a\+json/,
    );
    expectOutcome(report, 'card-revalidation', 'verified');
  });

  const cacheCases: [string | null, string, RegExp][] = [
    [null, 'refuted', /no Cache-Control header/],
    ['no-store', 'refuted', /no-store: on a public card/],
    ['public', 'refuted', /has no max-age/],
    ['max-age=soon', 'refuted', /max-age "soon" is not a number of seconds/],
    ['no-cache', 'verified', /revalidate it before each use/],
    ['public, max-age=300', 'verified', /for 5 min/],
  ];
  for (const [cacheControl, outcome, detail] of cacheCases) {
    it(`Cache-Control ${JSON.stringify(cacheControl)}: ${outcome}`, async () => {
      expectOutcome(await probeWith({ cardServing: { cacheControl } }), 'card-cache-control', outcome, detail);
    });
  }
});

describe('version negotiation probes', () => {
  it('an agent that ignores A2A-Version: 99.0 and a missing header are both refuted, the declared version still verified', async () => {
    const report = await probeWith({ ignoreVersion: true });
    expectOutcome(report, 'version', 'verified');
    expectOutcome(report, 'version-negotiation', 'refuted', /A2A-Version 99\.0 answered TaskNotFound/);
    expectOutcome(report, 'version-default', 'refuted', /without A2A-Version, GetTask was served with 1\.0 semantics/);
  });

  it('the SDK agent takes a missing header as 0.3, which it does not serve: verified', async () => {
    expectOutcome(await probeWith({}), 'version-default', 'verified', /VersionNotSupported.*taken as 0\.3/);
  });

  it('the same over HTTP+JSON', async () => {
    const report = await probeWith({ preferred: 'HTTP+JSON', ignoreVersion: true });
    assert.equal(report.interface?.binding, 'HTTP+JSON');
    expectOutcome(report, 'version-default', 'refuted');
    expectOutcome(report, 'version-negotiation', 'refuted');
    expectOutcome(await probeWith({ preferred: 'HTTP+JSON' }), 'version-default', 'verified');
  });

  it('a patch-versioned interface (1.0.1): clients send 1.0, the agent only knows "1.0.1": refuted, naming the patch part', async () => {
    const report = await probeWith({ protocolVersion: '1.0.1' });
    expectOutcome(
      report,
      'version',
      'refuted',
      /A2A-Version 1\.0 \(what clients send for 1\.0\.1\) answered VersionNotSupported.*only the verbatim 1\.0\.1 is understood.*has a patch part.*write "1\.0"/,
    );
    // Calls refused for their version say nothing about the extended-card flag: inconclusive, not refuted.
    expectOutcome(report, 'extended-card', 'error', /inconclusive answer to GetExtendedAgentCard: VersionNotSupported/);
  });

  it('a patch-versioned card on an agent that negotiates Major.Minor: verified, with the patch part noted', async () => {
    const report = await probeWith({ protocolVersion: '1.0.1', ignoreVersion: true });
    expectOutcome(report, 'version', 'verified', /A2A-Version 1\.0 was understood.*patch part/);
  });
});

describe('transport security probes', () => {
  const dir = join(__dirname, '..', 'fixtures', 'http');
  const cert = readFileSync(join(dir, 'agent.test.cert.pem'));
  const key = readFileSync(join(dir, 'agent.test.key.pem'));
  // agent.test is a name, not a loopback literal: judged as a public host although it resolves to 127.0.0.1 here.
  const resolver = async (h: string) => (h === 'agent.test' ? [{ address: '127.0.0.1', family: 4 }] : []);

  async function overTls(hsts: string | undefined): Promise<ProbeReport> {
    const dispatcher = new Agent({ connect: { ca: cert } });
    const client = createHttpClient({ resolver, dispatcher });
    try {
      return await probeWith({ tls: { cert, key, host: 'agent.test', ...(hsts ? { hsts } : {}) } }, client);
    } finally {
      await client.close();
      await dispatcher.close();
    }
  }

  it('HTTPS with HSTS on a host name: verified for each interface', async () => {
    const report = await overTls('max-age=31536000; includeSubDomains');
    const transport = report.results.filter((r) => r.probe.startsWith('transport-security:'));
    assert.deepEqual(
      transport.map((r) => r.probe.replace(/:\d+\//, ':PORT/')),
      ['transport-security:https://agent.test:PORT/a2a/jsonrpc', 'transport-security:https://agent.test:PORT/a2a/rest'],
    );
    for (const r of transport) {
      assert.equal(r.outcome, 'verified', r.detail);
      assert.equal(r.detail, 'HTTPS; Strict-Transport-Security max-age=31536000; includeSubDomains');
    }
  });

  it('HTTPS without HSTS, or with max-age=0: refuted', async () => {
    for (const hsts of [undefined, 'max-age=0']) {
      const report = await overTls(hsts);
      const transport = report.results.filter((r) => r.probe.startsWith('transport-security:'));
      assert.equal(transport.length, 2);
      for (const r of transport) assert.equal(r.outcome, 'refuted', r.detail);
      assert.match(
        at(transport, 0).detail,
        hsts ? /max-age=0 switches HSTS off/ : /no Strict-Transport-Security header: .*downgraded/,
      );
    }
  });

  it('plain HTTP on a host name is refuted; on a loopback literal it is exempt; a different host gets a note', async () => {
    const now = () => Date.parse('2026-12-01T12:00:00Z');
    const run = <T>(fn: () => Promise<T>) => fn();
    const card = {
      supportedInterfaces: [
        { url: 'http://agent.test:1/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: 'http://127.0.0.1:1/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: 'http://user:secret@localhost:1/a2a?key=k', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      ],
    };
    // No request is made for any of these: plain HTTP is judged from the URL.
    const results = await transportProbe({
      http,
      cardUrl: 'http://127.0.0.1:1/.well-known/agent-card.json',
      card,
      now,
      run,
    });
    assert.deepEqual(
      results.map((r) => [r.probe, r.outcome]),
      [
        ['transport-security:http://agent.test:1/a2a', 'refuted'],
        ['transport-security:http://127.0.0.1:1/a2a', 'skipped'],
        ['transport-security:http://localhost:1/a2a', 'skipped'],
      ],
    );
    assert.match(
      at(results, 0).detail,
      /plain HTTP.*\(note: the interface host agent\.test differs from the card's host 127\.0\.0\.1/,
    );
    assert.doesNotMatch(at(results, 1).detail, /note:/);
    assert.match(at(results, 2).detail, /loopback host.*note: the interface host localhost differs/);
    assert.doesNotMatch(JSON.stringify(results), /secret|key=k/, 'userinfo and query never reach the output');
  });

  it('a card with very many interfaces is checked up to the bound', async () => {
    const card = {
      supportedInterfaces: Array.from({ length: 50 }, (_, i) => ({
        url: `http://127.0.0.1:${i + 1}/a2a`,
        protocolBinding: 'JSONRPC',
        protocolVersion: '1.0',
      })),
    };
    const results = await transportProbe({
      http,
      cardUrl: 'http://127.0.0.1/',
      card,
      now: Date.now,
      run: (fn) => fn(),
    });
    assert.equal(results.length, 9);
    assert.match(at(results, 8).detail, /42 more interface URL\(s\) not checked/);
  });
});
