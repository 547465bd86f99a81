/**
 * Live-agent costs on loopback:
 *   revalidate   1,000 fetchCard calls (16 in flight) against cached cards: If-None-Match → 304 → lint + compile
 *                of the cached text; through the guarded client (policy check, pinned connect, caps)
 *   raw 304      the same 1,000 conditional GETs with a bare undici request: the floor the guard adds to
 *   verify       signature verification of one signed card (ES256, spec canonicalization + JCS)
 *   reject 50 MB / gzip bomb   time and extra Buffer memory to refuse them (cap 1 MiB)
 * The agent runs in this process (node:http), so figures include its side; medians of 3 runs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { createHttpClient } from '../server/src/node/net/http';
import { fetchCard } from '../server/src/core/fetch/fetchCard';
import { memoryCardCache } from '../server/src/core/cache/cardText';
import { canonicalPayloads } from '../server/src/core/signature/canonical';
import { createTrustStore } from '../server/src/core/signature/trustStore';
import { verifyCardSignatures } from '../server/src/core/signature/verify';
import { inspectKey } from '../server/src/node/keyInspection';
import { startLyingAgent } from '../test/agents/lying';
import { at } from '../test/at';

const N = 1000;
const CONCURRENCY = 16;

function card(i: number, base: string): Record<string, unknown> {
  return {
    name: `Agent ${i}`,
    description: 'bench',
    version: '1.0.0',
    supportedInterfaces: [{ url: `${base}/agents/${i}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: Array.from({ length: 8 }, (_, k) => ({ id: `s${k}`, name: `Skill ${k}`, description: 'd', tags: ['t'] })),
  };
}

async function pool<T>(items: T[], fn: (t: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await fn(at(items, next++));
    }),
  );
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** 304 revalidations of `n` cards through fetchCard and with bare undici, interleaved: medians of `runs`, ms. */
async function revalidations(
  n: number,
  runs: number,
): Promise<{ guarded: number; raw: number; base: string; close: () => Promise<void> }> {
  let base = '';
  const server = createServer((req, res) => {
    const i = Number((req.url ?? '').split('/')[2]);
    const etag = `"v-${i}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    const body = JSON.stringify(card(i, base));
    res.writeHead(200, { 'content-type': 'application/json', etag, 'cache-control': 'max-age=0' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = Array.from({ length: n }, (_, i) => `${base}/agents/${i}/.well-known/agent-card.json`);
  const http = createHttpClient();
  const cache = memoryCardCache();
  await pool(urls, (u) => fetchCard(u, { http, cache }));
  const guarded: number[] = [];
  const raw: number[] = [];
  const dispatcher = new Agent({ connections: 16 });
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    await pool(urls, async (u) => {
      const res = await fetchCard(u, { http, cache });
      if (res.status !== 'not-modified') throw new Error(res.status);
    });
    guarded.push(performance.now() - t);
    t = performance.now();
    await pool(urls, async (u) => {
      const i = u.split('/')[4];
      const res = await request(u, { dispatcher, headers: { 'if-none-match': `"v-${i}"` } });
      await res.body.dump();
    });
    raw.push(performance.now() - t);
  }
  return {
    guarded: median(guarded),
    raw: median(raw),
    base,
    close: async () => {
      await http.close();
      await dispatcher.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Quick mode for the test suite (test/bench/quick.test.ts): the guarded revalidation over bare undici, same run. */
export async function quick(): Promise<Record<string, number>> {
  const r = await revalidations(200, 5);
  await r.close();
  return { 'fetchCard 304/bare undici 304': r.guarded / r.raw };
}

export async function run(): Promise<string> {
  const revalidated = await revalidations(N, 3);
  const { base } = revalidated;
  const http = createHttpClient();
  const jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256');
  const c = card(1, base);
  const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(c).spec))
    .setProtectedHeader({ alg: 'ES256', kid: 'k' })
    .sign(privateKey);
  const signed = { ...c, signatures: [{ protected: jws.protected, signature: jws.signature }] };
  const trust = createTrustStore([
    { agent: base, jwks: { keys: [{ ...(await jose.exportJWK(publicKey)), kid: 'k' }] } },
  ]);
  const verifyTimes: number[] = [];
  for (let r = 0; r < 50; r++) {
    const t = performance.now();
    const v = await verifyCardSignatures(signed, { inspectKey, trust, cardUrl: `${base}/card.json` });
    if (v.outcome !== 'verified') throw new Error(v.detail);
    verifyTimes.push(performance.now() - t);
  }

  const liar = await startLyingAgent();
  const rejections: string[] = [];
  for (const path of ['/huge', '/bomb']) {
    const before = process.memoryUsage().arrayBuffers;
    const t = performance.now();
    const err = await http.request(`${liar.url}${path}`, { origin: 'user' }).then(
      () => 'accepted?!',
      (e: Error) => e.message,
    );
    rejections.push(
      `| reject ${path} | ${(performance.now() - t).toFixed(1)} ms | +${((process.memoryUsage().arrayBuffers - before) / 1048576).toFixed(1)} MiB Buffers | ${err.includes('limit') ? 'too-large' : err} |`,
    );
  }
  await liar.close();
  await http.close();
  await revalidated.close();
  const g = revalidated.guarded;
  const w = revalidated.raw;
  return [
    '### live (loopback)',
    '| measure | value | per call | note |',
    '|---|---|---|---|',
    `| revalidate ${N} cards (fetchCard, 304) | ${g.toFixed(0)} ms | ${((g / N) * 1000).toFixed(0)} µs | guarded client; the unchanged text's lint and profile are reused |`,
    `| raw undici conditional GET ×${N} | ${w.toFixed(0)} ms | ${((w / N) * 1000).toFixed(0)} µs | floor |`,
    `| verify one signed card (ES256) | ${median(verifyTimes).toFixed(2)} ms | | median of 50 |`,
    ...rejections,
  ].join('\n');
}
