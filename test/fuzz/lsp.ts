/**
 * The language-server target: the real bundled server over stdio (test/lsp/harness.ts). A case opens a mutated
 * card or lockfile (a lockfile's card on disk beside it), sends random incremental edits interleaved with hover,
 * completion, code action and document symbol requests, then waits for the diagnostics of the last version.
 * Properties: every request is answered in time, no handler fails (its error is logged as "… failed"), nothing on
 * stderr, diagnostics for the last version arrive, and no raw control/bidi/invisible character in a diagnostic
 * message or hover text.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { fileUri, startLsp, type LspSession } from '../lsp/harness';
import { chance, editText, int, mutate, pick, type Rng } from './mutate';
import { describeError, forbiddenCharacter, type Failure } from './properties';
import { loadSeeds } from './seeds';
import { at } from '../at';
import { batchedEdits, differsFromFreshOpen, sendBatch, type Edit } from './batchedEdits';

export type LspStep =
  | { edit: { start: number; end: number; text: string } }
  | { request: 'hover' | 'completion' | 'codeActions' | 'symbols'; offset: number }
  | { edits: Edit[] };

export interface LspInput {
  fileName: string;
  languageId: 'a2a-agent-card' | 'a2a-lockfile';
  initial: string;
  /** For a lockfile: the card written beside it (its agent points there). */
  card?: string;
  steps: LspStep[];
  ops: string[];
  origin: string;
}

function localLock(text: string): string {
  try {
    const lock = JSON.parse(text) as Record<string, unknown>;
    if (lock && typeof lock === 'object' && !Array.isArray(lock))
      return JSON.stringify({ ...lock, agent: 'agent-card.json' }, null, 2);
  } catch {
    // Not JSON: used as it is.
  }
  return text;
}

export function generateLspInput(rng: Rng): LspInput {
  const { seeds, pairs } = loadSeeds();
  let input: Omit<LspInput, 'steps'>;
  if (chance(rng, 0.3)) {
    const pair = pick(rng, pairs);
    const lock = localLock(pair.lock);
    const m = chance(rng, 0.5) ? mutate(rng, { origin: pair.origin, kind: 'card', text: pair.card }, seeds) : undefined;
    input = {
      fileName: 'a2a-lock.json',
      languageId: 'a2a-lockfile',
      initial: lock,
      card: m?.text ?? pair.card,
      ops: m ? m.ops.map((o) => `card: ${o}`) : [],
      origin: pair.origin,
    };
  } else {
    const seed = pick(rng, seeds);
    const m = chance(rng, 0.6) ? mutate(rng, seed, seeds) : undefined;
    const lock = seed.kind === 'lockfile';
    input = {
      fileName: lock ? 'a2a-lock.json' : 'agent-card.json',
      languageId: lock ? 'a2a-lockfile' : 'a2a-agent-card',
      initial: m?.text ?? seed.text,
      ops: m?.ops ?? [],
      origin: seed.origin,
    };
  }
  // Huge documents make every edit re-lint a megabyte: a few steps are enough there.
  const n = input.initial.length > 200_000 ? 2 : 3 + int(rng, 10);
  const steps: LspStep[] = [];
  let text = input.initial;
  for (let i = 0; i < n; i++) {
    if (chance(rng, 0.08)) {
      const batch = batchedEdits(rng, text);
      steps.push({ edits: batch.edits });
      text = batch.text;
    } else if (chance(rng, 0.55)) {
      const start = int(rng, text.length + 1);
      const end = Math.min(text.length, start + (chance(rng, 0.5) ? 0 : int(rng, 40)));
      const inserted = editText(rng, text);
      steps.push({ edit: { start, end, text: inserted } });
      text = text.slice(0, start) + inserted + text.slice(end);
    } else {
      steps.push({
        request: pick(rng, ['hover', 'completion', 'codeActions', 'symbols'] as const),
        offset: int(rng, text.length + 1),
      });
    }
  }
  return { ...input, steps };
}

/** A fixed choice per step (the run itself draws nothing from the case PRNG). */
const rngOf =
  (n: number): Rng =>
  () =>
    (n % 997) / 997;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms);
    }),
  ]);
}

function hoverText(h: Hover | null): string {
  if (!h) return '';
  const c = h.contents;
  const one = (x: unknown): string =>
    typeof x === 'string'
      ? x
      : x && typeof x === 'object' && 'value' in x
        ? String((x as { value: unknown }).value)
        : '';
  return Array.isArray(c) ? (c as unknown[]).map(one).join('\n') : one(c);
}

export interface LspRun {
  failures: Failure[];
  /** The session is unusable (crashed or stopped answering): start a new one. */
  broken: boolean;
}

export async function runLspInput(s: LspSession, input: LspInput, dir: string, hangMs: number): Promise<LspRun> {
  mkdirSync(dir, { recursive: true });
  if (input.card !== undefined) writeFileSync(join(dir, 'agent-card.json'), input.card);
  const uri = fileUri(join(dir, input.fileName));
  const failures: Failure[] = [];
  const logsBefore = s.logs.length;
  const stderrBefore = s.stderr().length;
  const pending: Promise<void>[] = [];
  let lastDiagnostics: Diagnostic[] = [];
  const ask = (what: string, p: Promise<unknown>, onAnswer: (r: unknown) => void = () => undefined) => {
    pending.push(
      withTimeout(p, hangMs).then(
        (r) => {
          if (r === 'timeout')
            failures.push({
              property: 'the server answers every request',
              detail: `${what}: no answer within ${hangMs} ms`,
            });
          else onAnswer(r);
        },
        (err) => {
          failures.push({ property: 'the server answers every request', detail: `${what}: ${describeError(err)}` });
        },
      ),
    );
  };
  let doc: TextDocument = await s.open(uri, input.languageId, input.initial);
  for (const step of input.steps) {
    if ('edits' in step) {
      doc = await sendBatch(s, uri, doc, step.edits);
      continue;
    }
    if ('edit' in step) {
      const { start, end, text } = step.edit;
      doc = await s.edit(uri, { start: doc.positionAt(start), end: doc.positionAt(end) }, text);
      continue;
    }
    const position = doc.positionAt(step.offset);
    if (step.request === 'hover') {
      ask('hover', s.hover(uri, position), (h) => {
        const bad = forbiddenCharacter(hoverText(h as Hover | null));
        if (bad) failures.push({ property: 'hover text has no raw control/bidi/invisible character', detail: bad });
      });
    } else if (step.request === 'completion') ask('completion', s.completion(uri, position));
    else if (step.request === 'symbols') ask('documentSymbol', s.symbols(uri));
    else {
      // What an editor sends: the diagnostics it has at that moment (possibly of an older version) that touch the
      // range asked about, as VS Code does (never all of a document's thousands).
      lastDiagnostics = await s.diagnosticsWhen(uri, () => true, 2000).catch(() => []);
      const around = lastDiagnostics.length
        ? pick(rngOf(step.offset), lastDiagnostics).range
        : { start: position, end: position };
      ask(
        'codeAction',
        s.codeActions(
          uri,
          around,
          lastDiagnostics.filter((d) => touches(d.range, around)),
        ),
      );
    }
  }
  await Promise.all(pending);
  let broken = failures.some((f) => f.property === 'the server answers every request');
  try {
    lastDiagnostics = await s.diagnostics(uri, hangMs);
    for (const d of lastDiagnostics) {
      const bad = forbiddenCharacter(typeof d.message === 'string' ? d.message : d.message.value);
      if (bad)
        failures.push({
          property: 'diagnostic messages have no raw control/bidi/invisible character',
          detail: `${String(d.code)}: ${bad}`,
        });
    }
  } catch (err) {
    failures.push({ property: 'diagnostics are published for the last version', detail: describeError(err) });
    broken = true;
  }
  if (!broken && input.languageId === 'a2a-agent-card' && input.steps.some((step) => 'edits' in step)) {
    const differs = await differsFromFreshOpen(s, dir, input.fileName, doc, lastDiagnostics, hangMs).catch(
      describeError,
    );
    if (differs)
      failures.push({ property: 'a batched didChange leaves the server the client’s text', detail: differs });
  }
  const failed = s.logs.slice(logsBefore).filter((l) => /failed/.test(l));
  if (failed.length)
    failures.push({ property: 'no request handler fails', detail: at(failed, 0).split('\n')[0]!.slice(0, 300) });
  const stderr = s.stderr().slice(stderrBefore);
  if (stderr)
    failures.push({ property: 'the server writes nothing to stderr', detail: stderr.split('\n')[0]!.slice(0, 300) });
  if (s.child.exitCode !== null || s.child.signalCode !== null) {
    failures.push({ property: 'the server stays up', detail: `exit ${s.child.exitCode ?? s.child.signalCode}` });
    broken = true;
  }
  if (!broken) await s.close(uri);
  return { failures, broken };
}

export function startFuzzSession(dir: string): Promise<LspSession> {
  return startLsp({ workspaceFolders: [dir] });
}

type Range = { start: { line: number; character: number }; end: { line: number; character: number } };
const before = (a: Range['start'], b: Range['start']) =>
  a.line < b.line || (a.line === b.line && a.character < b.character);
/** Whether two ranges overlap or touch (VS Code's test for the diagnostics it sends with a code action request). */
function touches(a: Range, b: Range): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}
