/**
 * Lockfile checks at scale: 1,000 lockfiles, each pinning its own agent card served on 127.0.0.1, where
 * most cards did not change since the last check (the CI / editor-watcher steady state).
 *
 *   conditional  the product path: checkMany (16 in flight), warm card cache → If-None-Match → 304 for
 *                unchanged cards (no parse, no validate, no compile), full fetch only for changed ones
 *   one by one   the naive path: each lockfile in turn, unconditional GET, parse, validate, compile, check
 *
 * The agents run in a worker thread (their own event loop) so the client side is what is measured; the
 * table reports how busy that thread was during the product runs (it is not the bottleneck when well below 100 %).
 * Both modes run in the same process, side by side and interleaved, after one untimed warm-up run each (JIT);
 * medians of the timed runs are reported. Lockfiles are read as the CLI reads them. The code measured is
 * bundled as it ships (shipped.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadShipped } from './shipped';
import type { CardSource } from '../server/src/core/check/types';
import { resolveAgent } from '../server/src/node/agentLocation';
import { at, field } from '../test/at';

type Shipped = typeof import('../server/src/node/readText') &
  typeof import('../server/src/node/net/http') &
  typeof import('../server/src/core/card/digest') &
  typeof import('../server/src/core/pin/buildLockfile') &
  typeof import('../server/src/core/pin/serialize') &
  typeof import('../server/src/core/profile/compile') &
  typeof import('../server/src/core/cache/loadedCards') &
  typeof import('../server/src/core/check/cardLoader') &
  typeof import('../server/src/core/check/cardSources') &
  typeof import('../server/src/core/check/checkMany') &
  typeof import('../server/src/core/check/refreshLockfile') &
  typeof import('../server/src/core/net/allowance');
// The code as it ships (shipped.ts).
const {
  readTextSync,
  createHttpClient,
  cardDigest,
  buildLockfile,
  serializeLockfile,
  compileProfile,
  MemoryCardCache,
  createCardLoader,
  httpCardSource,
  checkMany,
  refreshLockfile,
  parseNetworkAllowance,
} = loadShipped<Shipped>([
  'server/src/node/readText',
  'server/src/node/net/http',
  'server/src/core/card/digest',
  'server/src/core/pin/buildLockfile',
  'server/src/core/pin/serialize',
  'server/src/core/profile/compile',
  'server/src/core/cache/loadedCards',
  'server/src/core/check/cardLoader',
  'server/src/core/check/cardSources',
  'server/src/core/check/checkMany',
  'server/src/core/check/refreshLockfile',
  'server/src/core/net/allowance',
]);
/** Lockfiles read as the CLI reads them: bounded, synchronously, behind the async ReadText the core takes. */
const readText = async (path: string, maxBytes?: number): Promise<string> => readTextSync(path, maxBytes);

/** The agents are on loopback: the run allows it, as `--allow-network loopback` does (a lockfile's URL is repository content). */
const LOOPBACK = (() => {
  const parsed = parseNetworkAllowance('loopback');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.allow;
})();

/** Share of cards that changed since the cache was filled (version bump → review). */
const CHANGED_EVERY = 20; // 5 %

/**
 * How much is measured: lockfiles, timed runs, and untimed runs of each mode first (so both are measured with their
 * code already optimised). The full bench, and the quick mode of the test suite.
 */
interface Size {
  lockfiles: number;
  runs: number;
  warmup: number;
}
const FULL: Size = { lockfiles: 1000, runs: 7, warmup: 5 };
const QUICK: Size = { lockfiles: 200, runs: 3, warmup: 2 };
const LOCKFILES = FULL.lockfiles;
const RUNS = FULL.runs;
const WARMUP = FULL.warmup;
const SKILLS_PER_CARD = 12;

/** A realistic card of ~6 KB: a dozen skills with their own modes, one interface. */
function card(i: number, base: string, version: string): Record<string, unknown> {
  return {
    name: `Agent ${i}`,
    description: `Agent number ${i}, one of many behind a gateway.`,
    version,
    supportedInterfaces: [{ url: `${base}/agents/${i}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    provider: { organization: 'Bench', url: 'https://example.com' },
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['application/json', 'text/plain'],
    defaultOutputModes: ['application/json'],
    skills: Array.from({ length: SKILLS_PER_CARD }, (_, s) => ({
      id: `skill-${s}`,
      name: `Skill ${s}`,
      description: `Does thing ${s} for agent ${i}; a description of a realistic length.`,
      tags: ['bench', `t${s}`],
      examples: [`example request ${s}`],
      inputModes: s % 2 ? ['application/json'] : [],
      outputModes: [],
    })),
  };
}

/** The agents: HTTP servers in a worker thread (one per loopback address), one card per address + path, ETag + 304 like @a2a-js/sdk. */
const AGENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { createServer } = require('node:http');
const { createHash } = require('node:crypto');
let bodies = new Map();
function load(cards) {
  bodies = new Map(Object.entries(cards).map(([path, body]) => [path, { body, etag: 'W/"' + createHash('sha256').update(body).digest('hex').slice(0, 16) + '"' }]));
}
load(workerData.cards);
const handle = (req, res) => {
  if (workerData.latencyMs > 0) setTimeout(() => answer(req, res), workerData.latencyMs);
  else answer(req, res);
};
function answer(req, res) {
  const entry = bodies.get(req.socket.localAddress + req.url);
  if (!entry) { res.statusCode = 404; res.end(); return; }
  res.setHeader('etag', entry.etag);
  res.setHeader('cache-control', 'public, max-age=3600');
  if (req.headers['if-none-match'] === entry.etag) { res.statusCode = 304; res.end(); return; }
  res.setHeader('content-type', 'application/json');
  res.end(entry.body);
}
// One server per loopback address: agents on their own hosts are their own origins (own connections).
const servers = workerData.hosts.map(() => createServer(handle));
let listening = 0;
servers.forEach((server, i) => {
  server.keepAliveTimeout = 30000;
  server.listen(workerData.port, workerData.hosts[i], () => { if (++listening === servers.length) parentPort.postMessage({ listening: true }); });
});
let busySince = performance.eventLoopUtilization();
parentPort.on('message', (m) => {
  if (m.busy === 'start') { busySince = performance.eventLoopUtilization(); parentPort.postMessage({ started: true }); return; }
  if (m.busy === 'stop') { parentPort.postMessage({ utilization: performance.eventLoopUtilization(busySince).utilization }); return; }
  if (m.cards) { load(m.cards); parentPort.postMessage({ loaded: true }); } if (m.close) process.exit(0); });
`;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return at(s, Math.floor(s.length / 2));
}

async function startAgents(
  cards: Record<string, string>,
  hosts: string[],
  port: number,
  latencyMs: number,
): Promise<Worker> {
  const worker = new Worker(AGENTS, { eval: true, workerData: { cards, hosts, port, latencyMs } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return worker;
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A source that never sends validators: the unconditional baseline. */
function unconditional(source: CardSource): CardSource {
  return { fetch: (url) => source.fetch(url) };
}

interface Scenario {
  agents: number;
  /** Simulated network latency added by the agents to every answer, ms (0: plain loopback). */
  latencyMs: number;
  /** Each agent on its own loopback address (its own origin and connection), else all behind 127.0.0.1. */
  ownHosts?: boolean;
}

interface Measured {
  conditionalMs: number;
  sequentialMs: number;
  /** Event-loop utilisation of the agents' thread during the product runs (median), 0..1. */
  agentsBusy: number;
  counts: { compatible: number; review: number; breaking: number; error: number; unchanged: number; requests: number };
}

/** Agent i's loopback address: 127.0.0.1 for all, or its own (127.1.0.1, 127.1.0.2, …). */
function hostOf(i: number, ownHosts: boolean): string {
  return ownHosts ? `127.1.${Math.floor((i + 1) / 256)}.${(i + 1) % 256}` : '127.0.0.1';
}

/** `size.lockfiles` lockfiles spread round-robin over `agents` agents; 5 % of the agents changed their card. */
async function measure({ agents, latencyMs, ownHosts = false }: Scenario, size: Size = FULL): Promise<Measured> {
  const port = await freePort();
  const hosts = [...new Set(Array.from({ length: agents }, (_, i) => hostOf(i, ownHosts)))];
  const baseOf = (i: number) => `http://${hostOf(i, ownHosts)}:${port}`;
  const pathOf = (i: number) => `/agents/${i}/.well-known/agent-card.json`;
  const urlOf = (i: number) => `${baseOf(i)}${pathOf(i)}`;
  /** The agents' key of card i: the address it is served on and its path. */
  const keyOf = (i: number) => `${hostOf(i, ownHosts)}${pathOf(i)}`;
  const pinned: Record<string, string> = {};
  for (let i = 0; i < agents; i++) pinned[keyOf(i)] = JSON.stringify(card(i, baseOf(i), '1.0.0'));
  const worker = await startAgents(pinned, hosts, port, latencyMs);
  const dir = mkdtempSync(join(tmpdir(), 'a2a-bench-check-'));
  const http = createHttpClient();
  try {
    const lockfiles: string[] = [];
    for (let n = 0; n < size.lockfiles; n++) {
      const i = n % agents;
      const value = JSON.parse(field(pinned, keyOf(i)));
      const lock = buildLockfile({
        profile: compileProfile(value),
        cardDigest: cardDigest(value),
        agentUrl: urlOf(i),
        selection: { skills: [`skill-${n % SKILLS_PER_CARD}`], streaming: true },
        now: () => new Date('2026-10-02T08:00:00Z'),
      });
      const file = join(dir, `workflow-${n}.a2a-lock.json`);
      writeFileSync(file, serializeLockfile(lock));
      lockfiles.push(file);
    }
    let requests = 0;
    const inner = httpCardSource(http, { allow: LOOPBACK });
    const source: CardSource = {
      fetch: (u, prev) => {
        requests++;
        return inner.fetch(u, prev);
      },
    };

    // The last check filled the cache; since then 5 % of the agents bumped their version.
    const cache = new MemoryCardCache();
    await checkMany(lockfiles, { loader: createCardLoader({ source, cache }), readText, resolveAgent });
    const current: Record<string, string> = { ...pinned };
    for (let i = 0; i < agents; i += CHANGED_EVERY) current[keyOf(i)] = JSON.stringify(card(i, baseOf(i), '1.1.0'));
    worker.postMessage({ cards: current });
    await new Promise((resolve) => worker.once('message', resolve));

    const conditionalMs: number[] = [];
    const sequentialMs: number[] = [];
    const agentsBusy: number[] = [];
    const ask = (m: object) => {
      const answer = new Promise<{ utilization?: number }>((resolve) => worker.once('message', resolve));
      worker.postMessage(m);
      return answer;
    };
    let counts = { compatible: 0, review: 0, breaking: 0, error: 0, unchanged: 0, requests: 0 };
    for (let r = -size.warmup; r < size.runs; r++) {
      // Each run starts from the same cache state: the pinned cards (the changed ones come back 200).
      const runCache = new MemoryCardCache();
      for (let i = 0; i < agents; i++) {
        const e = cache.get(urlOf(i));
        if (e) runCache.set(urlOf(i), e);
      }
      requests = 0;
      await ask({ busy: 'start' });
      let t0 = performance.now();
      const outcomes = await checkMany(lockfiles, {
        loader: createCardLoader({ source, cache: runCache }),
        readText,
        resolveAgent,
      });
      const elapsed = performance.now() - t0;
      const busy = (await ask({ busy: 'stop' })).utilization ?? 0;
      if (r >= 0) {
        conditionalMs.push(elapsed);
        agentsBusy.push(busy);
      }
      counts = { compatible: 0, review: 0, breaking: 0, error: 0, unchanged: 0, requests };
      for (const o of outcomes) {
        if (o.status === 'error') counts.error++;
        else {
          counts[o.result.classification]++;
          if (o.unchanged) counts.unchanged++;
        }
      }

      t0 = performance.now();
      // The naive way: each lockfile on its own, its card fetched in full, no cache. (The lockfile-parse memo of
      // core/check/checkMemo.ts is module state, so it serves these runs too: that only makes the baseline faster.)
      for (const file of lockfiles) {
        await refreshLockfile(file, {
          loader: createCardLoader({ source: unconditional(inner), cache: new MemoryCardCache() }),
          readText,
          resolveAgent,
        });
      }
      if (r >= 0) sequentialMs.push(performance.now() - t0);
    }
    return {
      conditionalMs: median(conditionalMs),
      sequentialMs: median(sequentialMs),
      agentsBusy: median(agentsBusy),
      counts,
    };
  } finally {
    await http.close();
    worker.postMessage({ close: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Quick mode for the test suite (test/bench/quick.test.ts): the product's speed-up over the baseline in the same
 * run, for lockfiles that share agents and for lockfiles with an agent each (200 lockfiles, 3 timed runs).
 */
export async function quick(): Promise<Record<string, number>> {
  const shared = await measure({ agents: QUICK.lockfiles / 10, latencyMs: 0 }, QUICK);
  const own = await measure({ agents: QUICK.lockfiles, latencyMs: 0 }, QUICK);
  for (const m of [shared, own])
    if (m.counts.error > 0) throw new Error(`check bench: ${m.counts.error} lockfile checks failed`);
  return {
    'baseline/product, 10 lockfiles per agent': shared.sequentialMs / shared.conditionalMs,
    'baseline/product, an agent per lockfile': own.sequentialMs / own.conditionalMs,
  };
}

export async function run(): Promise<string> {
  const rows = [
    '| lockfiles → agents | conditional, 16 concurrent (the product) | one by one, unconditional | ratio | what the product did |',
    '|---|---:|---:|---:|---|',
  ];
  const scenarios: (Scenario & { label: string })[] = [
    { label: 'every lockfile its own agent, all behind one origin', agents: LOCKFILES, latencyMs: 0 },
    { label: 'every lockfile its own agent on its own host', agents: LOCKFILES, latencyMs: 0, ownHosts: true },
    { label: '10 lockfiles per agent', agents: LOCKFILES / 10, latencyMs: 0 },
    { label: 'own agents, 1 ms simulated network latency', agents: LOCKFILES, latencyMs: 1 },
  ];
  for (const scenario of scenarios) {
    const m = await measure(scenario);
    const c = m.counts;
    rows.push(
      `| ${LOCKFILES.toLocaleString('en')} → ${scenario.agents.toLocaleString('en')} (${scenario.label}) | ${m.conditionalMs.toFixed(0)} ms | ${m.sequentialMs.toFixed(0)} ms | **${(m.sequentialMs / m.conditionalMs).toFixed(1)}x** | ${c.requests} requests (${c.requests - Math.ceil(scenario.agents / CHANGED_EVERY)} × 304); ${c.compatible} compatible, ${c.review} review, ${c.error} errors; agents' thread ${(m.agentsBusy * 100).toFixed(0)} % busy |`,
    );
  }
  return [
    `Checking ${LOCKFILES.toLocaleString('en')} lockfiles against agents on 127.0.0.1 (agents in a worker thread; 5 % of the cards changed since the last check; ${SKILLS_PER_CARD} skills per card; median of ${RUNS} interleaved runs after ${WARMUP} warm-up). Target: ≥ 5x.`,
    '',
    ...rows,
    '',
  ].join('\n');
}

if (require.main === module) {
  run().then(
    (table) => process.stdout.write(`${table}\n`),
    (err) => {
      process.stderr.write(`${String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
