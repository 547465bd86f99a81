/**
 * The lockfile loop end to end against the REAL example pricing agent on 127.0.0.1: pin through the CLI,
 * switch the agent's card, check live (conditional fetches), and get each classification.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import type { CardVersion } from '../../examples/pricing-agent/cards';
import { createHttpClient } from '../../server/src/node/net/http';
import { MemoryCardCache } from '../../server/src/core/cache/loadedCards';
import { createCardLoader } from '../../server/src/core/check/cardLoader';
import { httpCardSource } from '../../server/src/core/check/cardSources';
import { refreshLockfile } from '../../server/src/core/check/refreshLockfile';
import { memoryStaleMarkers } from '../../server/src/core/send/staleMarkers';
import { checkCli, cli, tempDir } from './helpers';
import { resolveAgent } from '../../server/src/node/agentLocation';

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent();
});
after(async () => {
  await agent.close();
});

async function pinPlanner(dir: string): Promise<string> {
  agent.setVersion('base');
  const r = await cli(
    [
      'pin',
      agent.url,
      '--skill',
      'itinerary-pricing',
      '--input',
      'text/plain',
      '--input',
      'application/json',
      '--output',
      'application/json',
      '--streaming',
      '--out',
      'pricing.a2a-lock.json',
    ],
    dir,
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stderr,
    /pinned itinerary-pricing of http:\/\/127\.0\.0\.1:\d+\/\.well-known\/agent-card\.json → pricing\.a2a-lock\.json/,
  );
  return join(dir, 'pricing.a2a-lock.json');
}

describe('pin → change → check against the live pricing agent', () => {
  test('round trip: a fresh pin checks compatible with no problems and no notes', async (t) => {
    const dir = tempDir(t);
    const lockPath = await pinPlanner(dir);
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    assert.equal(lock.agent, agent.cardUrl);
    assert.equal(lock.agent_version, '3.2.0');
    assert.deepEqual(lock.interface, { binding: 'JSONRPC', version: '1.0' });
    assert.deepEqual(lock.requires, {
      extensions: [],
      streaming: true,
      skills: { 'itinerary-pricing': { input: ['application/json', 'text/plain'], output: ['application/json'] } },
    });
    const r = await checkCli(['pricing.a2a-lock.json', '--live'], dir);
    assert.equal(r.code, 0, r.stdout);
    const report = JSON.parse(r.stdout);
    assert.equal(report.classification, 'compatible');
    assert.deepEqual(report.problems, []);
    assert.deepEqual(report.notes, []);
  });

  const cases: { version: CardVersion; classification: string; code: number; pointer?: string; message?: RegExp }[] = [
    { version: 'description', classification: 'compatible', code: 0 },
    {
      version: 'version',
      classification: 'review',
      code: 0,
      pointer: '/agent_version',
      message: /"3\.2\.0" → "3\.3\.0"/,
    },
    {
      version: 'no-streaming',
      classification: 'breaking',
      code: 1,
      pointer: '/requires/streaming',
      message: /streaming/,
    },
    {
      version: 'narrowed-input',
      classification: 'breaking',
      code: 1,
      pointer: '/requires/skills/itinerary-pricing/input/1',
      message: /text\/plain/,
    },
  ];
  for (const c of cases) {
    test(`card change '${c.version}' → ${c.classification} (exit ${c.code})`, async (t) => {
      const dir = tempDir(t);
      await pinPlanner(dir);
      agent.setVersion(c.version);
      const r = await checkCli(['--live', 'pricing.a2a-lock.json'], dir);
      assert.equal(r.code, c.code, r.stdout);
      const report = JSON.parse(r.stdout);
      assert.equal(report.classification, c.classification);
      assert.equal(report.results[0].unchanged, false);
      if (c.pointer) {
        assert.equal(report.problems[0].pointer, c.pointer);
        assert.match(report.problems[0].message, c.message!);
      } else {
        assert.deepEqual(report.problems, []);
        // the card bytes changed, which is worth a note even when calls are unaffected
        assert.equal(report.notes[0].pointer, '/card_digest');
      }
      if (c.classification === 'review') {
        const strict = await checkCli(['--live', 'pricing.a2a-lock.json', '--fail-on', 'review'], dir);
        assert.equal(strict.code, 1);
      }
    });
  }
});

describe('conditional refresh', () => {
  test('a second refresh is answered 304 and reuses the compiled profile; a card switch is seen again', async (t) => {
    const dir = tempDir(t);
    const lockPath = await pinPlanner(dir);
    const http = createHttpClient();
    t.after(() => http.close());
    const statuses: string[] = [];
    const inner = httpCardSource(http, { allow: new Set(['loopback'] as const) });
    const source = {
      fetch: async (url: string, prev?: Parameters<typeof inner.fetch>[1]) => {
        const r = await inner.fetch(url, prev);
        statuses.push(r.status);
        return r;
      },
    };
    // One loader per refresh run, one cache across runs (as the CLI and the editor watcher do).
    const cache = new MemoryCardCache();
    const run = () =>
      refreshLockfile(lockPath, { loader: createCardLoader({ source, cache }), readText, resolveAgent });
    const readText = async (p: string) => readFileSync(p, 'utf8');
    const first = await run();
    const second = await run();
    assert.equal(first.status === 'checked' && first.unchanged, false);
    assert.equal(second.status === 'checked' && second.unchanged, true);
    assert.equal(second.status === 'checked' && second.result.classification, 'compatible');
    agent.setVersion('no-streaming');
    const third = await run();
    assert.equal(third.status === 'checked' && third.unchanged, false);
    assert.equal(third.status === 'checked' && third.result.classification, 'breaking');
    assert.deepEqual(statuses, ['fresh', 'unchanged', 'fresh']);
  });

  test('lockfiles pinning the same agent share one fetch per run (concurrent or not)', async (t) => {
    const dir = tempDir(t);
    await pinPlanner(dir);
    let fetches = 0;
    const http = createHttpClient();
    t.after(() => http.close());
    const inner = httpCardSource(http, { allow: new Set(['loopback'] as const) });
    const loader = createCardLoader({
      source: {
        fetch: (u, p) => {
          fetches++;
          return inner.fetch(u, p);
        },
      },
      cache: new MemoryCardCache(),
    });
    const readText = async (p: string) => readFileSync(p, 'utf8');
    const lockPath = join(dir, 'pricing.a2a-lock.json');
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => refreshLockfile(lockPath, { loader, readText, resolveAgent })),
    );
    outcomes.push(await refreshLockfile(lockPath, { loader, readText, resolveAgent }));
    assert.ok(outcomes.every((o) => o.status === 'checked'));
    assert.equal(fetches, 1);
  });

  test('a stale marker from the profile-driven client forces a full re-fetch, adds a note and is cleared', async (t) => {
    const dir = tempDir(t);
    const lockPath = await pinPlanner(dir);
    const http = createHttpClient();
    t.after(() => http.close());
    const cache = new MemoryCardCache();
    const stale = memoryStaleMarkers();
    const readText = async (p: string) => readFileSync(p, 'utf8');
    const run = () =>
      refreshLockfile(lockPath, {
        loader: createCardLoader({ source: httpCardSource(http, { allow: new Set(['loopback'] as const) }), cache }),
        readText,
        resolveAgent,
        stale,
      });
    await run();
    stale.mark(agent.cardUrl, 'UnsupportedOperationError on SendStreamingMessage', '2026-10-02T08:00:00.000Z');
    const forced = await run();
    assert.ok(forced.status === 'checked');
    assert.equal(forced.unchanged, false, 'no conditional request: the cached profile is not trusted');
    assert.match(
      forced.result.notes.map((n) => n.message).join('\n'),
      /calls contradicted the profile: UnsupportedOperationError/,
    );
    assert.equal(stale.get(agent.cardUrl), undefined);
    const next = await run();
    assert.equal(next.status === 'checked' && next.unchanged, true);
  });
});
