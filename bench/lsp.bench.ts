/**
 * Editor figures, measured against the real bundled server over stdio (test/lsp/harness.ts):
 *   - server start → first diagnostics for a small card (process spawn, initialize, open, publish);
 *   - keystroke → diagnostics on a ~1 MB card: one incremental change per sample, timed from sending
 *     didChange to receiving publishDiagnostics for that version (the test client's own copy of the text is
 *     updated before, untimed: an editor's buffer takes the keystroke anyway), with the debounce set to 0
 *     (initializationOptions.validationDelayMs) so only the work is measured; and the same with ten changes
 *     per didChange, as a client batching fast typing sends them;
 *   - resident memory of the server process with a 10 MB card open (after its diagnostics arrived).
 * Run with `npm run bench` (after `npm run build`) or `node --import tsx bench/lsp.bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DidChangeTextDocumentNotification } from 'vscode-languageserver-protocol/node';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { lintDocument } from '../server/src/core/lint';
import { validateAgentCard } from '../server/src/core/schema/generated/validators';
import { toDiagnostic } from '../server/src/app/document/toDiagnostic';
import { PieceTextDocument } from '../server/src/lsp/pieceTextDocument';
import { locatorAfter, type LocatorScan } from '../server/src/core/pointer/locateAll';
import { startLsp, type LspSession } from '../test/lsp/harness';
import { syntheticCard } from './lint.bench';
import { at } from '../test/at';

const SMALL = readFileSync(join(__dirname, '..', 'test', 'lsp', 'fixtures', 'good.agent-card.json'), 'utf8');
const START_RUNS = 7;
const KEYSTROKES = 60;
/** Keystrokes in one didChange for the burst row. */
const BURST = 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return at(sorted, Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)));
}
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Resident set size of a process (Linux /proc), in bytes. */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

async function startToFirstDiagnostics(runs = START_RUNS): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const s = await startLsp();
    const uri = `file:///bench/start${i}/agent-card.json`;
    await s.open(uri, 'a2a-agent-card', SMALL);
    await s.diagnostics(uri);
    out.push(performance.now() - t0);
    await s.stop();
  }
  return out;
}

interface Typing {
  samples: number[];
  findings: number;
}

/**
 * Typing into the card's description, `perChange` keystrokes per didChange (1: one notification per keystroke;
 * more: what a client sends when it batches fast typing), alternately inserting and deleting characters.
 */
async function keystrokes(
  s: LspSession,
  text: string,
  name: string,
  options: { count?: number; perChange?: number; between?: () => void } = {},
): Promise<Typing> {
  const { count = KEYSTROKES, perChange = 1, between } = options;
  const uri = `file:///bench/${name}/agent-card.json`;
  let doc = await s.open(uri, 'a2a-agent-card', text);
  const first = await s.diagnostics(uri, 60_000);
  if (first.some((d) => d.code === 'card-too-large'))
    throw new Error('the card hit the size limit: the bench would measure nothing');
  const findings = first.length;
  const at = doc.getText().indexOf('A synthetic card') + 2;
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const changes: TextDocumentContentChangeEvent[] = [];
    for (let k = 0; k < perChange; k++) {
      const pos = doc.positionAt(at + (i % 2 === 0 ? k : 0));
      const change =
        i % 2 === 0
          ? { range: { start: pos, end: pos }, text: 'x' }
          : { range: { start: pos, end: doc.positionAt(at + 1) }, text: '' };
      // The editor's own buffer takes the keystroke before the client sends it, whatever the server does: that
      // copy (a 1 MB string here; a piece tree in VS Code) is not part of what the user waits for, so it is not timed.
      doc = TextDocument.update(doc, [change], doc.version);
      changes.push(change);
    }
    doc = TextDocument.update(doc, [], doc.version + 1);
    s.documents.set(uri, doc);
    const t0 = performance.now();
    await s.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: doc.version },
      contentChanges: changes,
    });
    await s.diagnostics(uri, 60_000);
    samples.push(performance.now() - t0);
    between?.();
  }
  return { samples, findings };
}

/**
 * The same per-keystroke work in this process (document update, lint, pointer ranges from the previous scan, diagnostics),
 * without stdio and process scheduling: separates the server's work from IPC latency.
 */
function inProcess(text: string): number[] {
  // The server's own document (lsp/pieceTextDocument.ts): the text is joined when lint reads it.
  const doc = new PieceTextDocument('file:///bench/inproc/agent-card.json', 'a2a-agent-card', 1, text);
  const at = text.indexOf('A synthetic card') + 2;
  const samples: number[] = [];
  let scan: LocatorScan | undefined;
  for (let i = 0; i < KEYSTROKES; i++) {
    const pos = doc.positionAt(at);
    const t0 = performance.now();
    doc.update(
      [
        {
          range: i % 2 === 0 ? { start: pos, end: pos } : { start: pos, end: doc.positionAt(at + 1) },
          text: i % 2 === 0 ? 'x' : '',
        },
      ],
      doc.version + 1,
    );
    const current = doc.getText();
    const findings = lintDocument(current, { kind: 'card', settings: { maxCardBytes: 8 * 1024 * 1024 } }).findings;
    // As the server does (app/document/analysis.ts): ranges start from the previous version's scan.
    const located = locatorAfter(
      scan,
      current,
      findings.filter((f) => !f.offset).map((f) => f.pointer),
    );
    scan = located.scan;
    const locate = located.locate;
    findings.map((f) => toDiagnostic(doc, locate, f));
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** A synthetic card of about `bytes` (the generator overshoots; correct once by the measured ratio). */
function cardOf(bytes: number): string {
  const first = syntheticCard(bytes);
  return syntheticCard(Math.round(bytes * (bytes / Buffer.byteLength(first))));
}

/** Wall time of `node -e 0`: the yardstick of a cold start. */
function bareNodeMs(): number {
  const t = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - t;
}

/** JSON.parse + the precompiled validator on `text` (median of `runs`): the floor a keystroke is compared with. */
function floorMs(text: string, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    validateAgentCard(JSON.parse(text));
    samples.push(performance.now() - t);
  }
  return percentile(samples, 50);
}

/**
 * Quick mode for the test suite (test/bench/quick.test.ts): ratios from one run. Cold start → first diagnostics over
 * a bare `node -e 0` (interleaved), and keystroke → diagnostics on a 500 KB card over the parse + schema floor of
 * the same text in this process.
 */
export async function quick(): Promise<Record<string, number>> {
  await startToFirstDiagnostics(1); // warm the file cache
  const startRatios: number[] = [];
  for (let i = 0; i < 3; i++) {
    const bare = bareNodeMs();
    const [server] = await startToFirstDiagnostics(1);
    startRatios.push((server ?? 0) / bare);
  }
  const text = cardOf(500_000);
  const s = await startLsp({
    settings: { maxCardBytes: 8 * 1024 * 1024 },
    initializationOptions: { validationDelayMs: 0 },
  });
  try {
    // The floor is timed right after each keystroke, so both sides of each ratio see the same machine load.
    const floors: number[] = [];
    const typing = await keystrokes(s, text, 'quick', { count: 15, between: () => floors.push(floorMs(text, 1)) });
    const ratios = typing.samples.map((t, i) => t / (floors[i] ?? Number.NaN));
    return {
      'start→diagnostics/node -e 0': percentile(startRatios, 50),
      'keystroke 500KB/floor': percentile(ratios, 50),
    };
  } finally {
    await s.stop();
  }
}

export async function run(): Promise<string> {
  const start = await startToFirstDiagnostics();

  const oneMb = cardOf(1_000_000);
  // The limit is raised so the whole card is linted and compiled (1 MB is just under the 1 MiB default anyway).
  const s = await startLsp({
    settings: { maxCardBytes: 8 * 1024 * 1024 },
    initializationOptions: { validationDelayMs: 0 },
  });
  const typing = await keystrokes(s, oneMb, 'clean');
  // The same card with findings near its end: every publication also maps their pointers to ranges.
  const withFindings = oneMb.replace(/\n\}\s*$/, ',\n  "colour": "blue",\n  "size": 3\n}\n');
  const typingFindings = await keystrokes(s, withFindings, 'findings');
  const burst = await keystrokes(s, oneMb, 'burst', { count: 20, perChange: BURST });
  await s.stop();
  const work = inProcess(withFindings);

  const tenMb = cardOf(10_000_000);
  const big = await startLsp({
    settings: { maxCardBytes: 64 * 1024 * 1024 },
    initializationOptions: { validationDelayMs: 0 },
  });
  const idle = rss(big.child.pid!);
  const uri = 'file:///bench/memory/agent-card.json';
  await big.open(uri, 'a2a-agent-card', tenMb);
  if ((await big.diagnostics(uri, 120_000)).some((d) => d.code === 'card-too-large'))
    throw new Error('10 MB card hit the size limit');
  const loaded = rss(big.child.pid!);
  await big.stop();

  return [
    '### Editor',
    '',
    'The real bundled language server over stdio (`bench/lsp.bench.ts`); debounce 0 for the keystroke figure.',
    '',
    '| Measure | p50 | p95 | Notes |',
    '|---|---|---|---|',
    `| Server start → first diagnostics (small card) | ${ms(percentile(start, 50))} | ${ms(percentile(start, 95))} | ${START_RUNS} cold starts: spawn, initialize, open, publish |`,
    `| Keystroke → diagnostics, ${(Buffer.byteLength(oneMb) / 1e6).toFixed(2)} MB card | ${ms(percentile(typing.samples, 50))} | ${ms(percentile(typing.samples, 95))} | ${KEYSTROKES} incremental edits, ${typing.findings} diagnostics each time; target p50 < 15 ms |`,
    `| Keystroke → diagnostics, same card with findings | ${ms(percentile(typingFindings.samples, 50))} | ${ms(percentile(typingFindings.samples, 95))} | ${typingFindings.findings} diagnostics each time (a keystroke inside a string moves their ranges; other edits locate them again) |`,
    `| ${BURST} keystrokes in one didChange → diagnostics, the clean card | ${ms(percentile(burst.samples, 50))} | ${ms(percentile(burst.samples, 95))} | 20 notifications of ${BURST} changes (a client batching fast typing): the text is joined once per notification, not once per change |`,
    `| Same keystroke, server work only (in-process) | ${ms(percentile(work, 50))} | ${ms(percentile(work, 95))} | update + lint + ranges + diagnostics, no stdio: the rest of the row above is IPC and scheduling |`,
    `| Server RSS, ${(Buffer.byteLength(tenMb) / 1e6).toFixed(1)} MB card open | ${mb(loaded)} | | idle server: ${mb(idle)} |`,
  ].join('\n');
}

if (require.main === module) void run().then((t) => console.log(t));
