/**
 * `discover` on a catalog of inline A2A cards: each card is linted and compiled once, for its entry's status, and the
 * catalog's own lint leaves the cards to it. The yardstick is exactly that work done alone: each card's text through
 * the compile workflow's analyzeCardText, one after the other. The ratio is what the walk, the catalog's lint and the
 * report add on top; a card linted twice (once in the catalog's lint, once for its status) shows as about 2x.
 * In process, CPU time, medians of interleaved rounds.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadShipped } from './shipped';

type App = typeof import('../server/src/app/discover') &
  typeof import('../server/src/app/compile') &
  typeof import('../server/src/app/settings');
const { discover, analyzeCardText, resolveClient } = loadShipped<App>([
  'server/src/app/discover',
  'server/src/app/compile',
  'server/src/app/settings',
]);

const CARD_TYPE = 'application/a2a-agent-card+json';

/** A small real-looking card with one finding of its own (a skill description under the minimum length). */
function card(i: number): Record<string, unknown> {
  return {
    name: `Agent ${i}`,
    description: `Agent ${i} answers requests of its kind and reports the result to the caller.`,
    version: '1.0.0',
    supportedInterfaces: [{ url: `https://a${i}.example.com/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills: [
      {
        id: `summarise-${i}`,
        name: 'Summarise',
        description: `Summarises documents of kind ${i} in plain words.`,
        tags: ['text'],
      },
      { id: `short-${i}`, name: 'Short', description: `Short ${i}`, tags: ['text'] },
    ],
  };
}

function catalogOf(cards: number): { text: string; cardTexts: string[] } {
  const data = Array.from({ length: cards }, (_, i) => card(i));
  const entries = data.map((d, i) => ({ identifier: `urn:bench:agent-${i}`, type: CARD_TYPE, data: d }));
  return { text: JSON.stringify({ specVersion: '1.0', entries }), cardTexts: data.map((d) => JSON.stringify(d)) };
}

const cpuClock = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Every sample starts on a collected heap (the quick mode runs inside the test suite, without --expose-gc). */
function collectGarbage(): void {
  const g = globalThis as { gc?: () => void };
  if (!g.gc) {
    setFlagsFromString('--expose-gc');
    g.gc = runInNewContext('gc') as () => void;
  }
  g.gc();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

const noNetwork = {
  request: () => Promise.reject(new Error('no network in this bench')),
  close: () => Promise.resolve(),
};

interface Measured {
  discoverMs: number;
  cardsAloneMs: number;
  entries: number;
}

async function measure(cards: number, rounds: number, clock: () => number): Promise<Measured> {
  const client = resolveClient({});
  if (!client.ok) throw new Error('discover bench: no default client');
  const { text, cardTexts } = catalogOf(cards);
  let entries = 0;
  const runDiscover = async (): Promise<void> => {
    const result = await discover({
      source: 'ai-catalog.json',
      http: noNetwork,
      readFile: (path) => Promise.resolve({ location: path, text }),
      client: client.client,
      maxBytes: 64_000_000,
      limits: { maxCards: cards, maxEntries: cards },
    });
    if (!result.ok) throw new Error(`discover bench: ${result.reason}`);
    entries = result.report.entries.filter((e) => e.status === 'usable').length;
  };
  const runCardsAlone = (): void => {
    for (const t of cardTexts) analyzeCardText(t, client.client, 64_000_000);
  };
  for (let w = 0; w < 2; w++) {
    // Warm-up: the JIT and the schema validators.
    await runDiscover();
    runCardsAlone();
  }
  const d: number[] = [];
  const a: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ['d', 'a'] : ['a', 'd'];
    for (const which of order) {
      collectGarbage();
      const t = clock();
      if (which === 'd') await runDiscover();
      else runCardsAlone();
      (which === 'd' ? d : a).push(clock() - t);
    }
  }
  if (entries !== cards) throw new Error(`discover bench: ${entries} of ${cards} cards usable`);
  return { discoverMs: median(d), cardsAloneMs: median(a), entries };
}

export async function quick(): Promise<Record<string, number>> {
  const m = await measure(300, 9, cpuClock);
  return { 'discover/cards alone, 300 inline cards': m.discoverMs / m.cardsAloneMs };
}

export async function run(): Promise<string> {
  const rows = ['| inline cards | discover | each card alone (lint + compile) | ratio |', '|---:|---:|---:|---:|'];
  for (const cards of [200, 2000]) {
    const m = await measure(cards, 5, () => performance.now());
    rows.push(
      `| ${cards.toLocaleString('en')} | ${m.discoverMs.toFixed(0)} ms | ${m.cardsAloneMs.toFixed(0)} ms | **${(m.discoverMs / m.cardsAloneMs).toFixed(2)}x** |`,
    );
  }
  return [
    '`discover` of a catalog file of inline A2A cards (each with one finding), in process, against each card linted and compiled on its own (median of 5 interleaved rounds). Target: ≤ 1.3x (a card linted twice is about 2x).',
    '',
    ...rows,
    '',
  ].join('\n');
}

if (require.main === module) {
  run().then(
    (table) => process.stdout.write(`${table}\n`),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
