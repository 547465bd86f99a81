/**
 * The MCP target: the real MCP server (`a2acap mcp`, the bundled CLI) over stdio through the official SDK client, as
 * a model's host runs it, launched with one root and no network allowance. A case writes a mutated card (secrets
 * planted in some), a lockfile, a catalog file and a symbolic link out of the root, then makes a few tool calls with
 * valid and hostile arguments: paths out of the root, absolute paths, URLs to a loopback recorder and to cloud
 * metadata, values of the wrong type, huge strings, skill ids carrying instructions, catalog-file references.
 * Properties: every call is answered in time and follows the tools' contract (test/mcp/helpers.ts callTool checks
 * the structured answer against the tool's outputSchema); no stack trace; no raw control, bidi or invisible
 * character in any answer's text (machine values keep them as JSON escapes); no 8-character run of a planted secret
 * and nothing of the file outside the root in any answer or on stderr; no absolute path above the root; and no
 * request reaches the loopback recorder (a model's URL reaches public addresses only).
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { callTool, startMcp, type CallAnswer, type McpSession } from '../mcp/helpers';
import { secretRunsIn } from '../secretLeak';
import { chance, int, mutate, pick, type Rng } from './mutate';
import { plantSecrets } from './plantSecrets';
import { describeError, forbiddenCharacter, stackTrace, visible, type Failure } from './properties';
import { instructionValue } from './instructionValue';
import { loadSeeds } from './seeds';

export interface McpCall {
  tool: string;
  args: Record<string, unknown>;
}

export interface McpInput {
  /** Files written into the case's folder (inside the server's root). */
  files: Record<string, string>;
  calls: McpCall[];
  /** Secrets planted in the card: no answer may repeat an 8-character run of one. */
  secrets: string[];
  ops: string[];
  origin: string;
}

/** Outside the root: what an attacker wants read back through a path or a link. */
export const OUTSIDE_SECRET = 'OUTSIDE-ROOT-SECRET-4d1f9a';
const CATALOG_ID = 'urn:air:fuzz.test:agent';
/** Stands for the case's folder (relative to the root) and for the recorder's origin until the case runs. */
const CASE = '@CASE@';
const RECORDER = '@RECORDER@';

function skillIds(card: string): string[] {
  try {
    const skills = (JSON.parse(card) as { skills?: { id?: unknown }[] }).skills;
    return Array.isArray(skills) ? skills.map((s) => s?.id).filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function catalogOf(card: string): string {
  const type = 'application/a2a-agent-card+json';
  const catalog = (data: unknown) =>
    JSON.stringify({
      specVersion: '1.0',
      entries: [
        { identifier: CATALOG_ID, version: '1.0.0', type, data },
        { identifier: `${CATALOG_ID}:remote`, version: '1.0.0', type, url: `${RECORDER}/card.json` },
      ],
    });
  try {
    return catalog(JSON.parse(card));
  } catch {
    // Not JSON, or nested deeper than JSON.stringify goes: the inline entry carries an empty object.
    return catalog({});
  }
}

/** A card path as a model might send it: inside the case, out of the root, absolute, through the link out. */
function cardSource(rng: Rng): unknown {
  return pick(rng, [
    `${CASE}/agent-card.json`,
    `${CASE}/agent-card.json`,
    `${CASE}/link-out.json`,
    '../outside/secret-card.json',
    `${CASE}/../../outside/secret-card.json`,
    '@OUTSIDE@/secret-card.json',
    `${RECORDER}/card.json`,
    'http://169.254.169.254/latest/meta-data/',
    `${CASE}/ai-catalog.json#${CATALOG_ID}`,
    `${CASE}/ai-catalog.json#${CATALOG_ID}:remote`,
    `${CASE}/link-out.json#${CATALOG_ID}`,
    'x'.repeat(20_000),
    42,
    ['a'],
    null,
    { path: 'agent-card.json' },
  ]);
}

function skillArg(rng: Rng, ids: string[]): unknown {
  if (ids.length && chance(rng, 0.6)) return pick(rng, ids);
  return pick(rng, [instructionValue(rng), 'y'.repeat(5_000), 7, '\u202eevil\u200b', '']);
}

function generateCall(rng: Rng, ids: string[]): McpCall {
  const tool = pick(rng, [
    'a2a_profile',
    'a2a_how_to_call',
    'a2a_check_lockfile',
    'a2a_lockfiles',
    'a2a_pin',
    'a2a_pin',
    'a2a_discover',
  ]);
  const source = cardSource(rng);
  if (tool === 'a2a_profile') return { tool, args: { source } };
  if (tool === 'a2a_how_to_call') return { tool, args: { source, skill: skillArg(rng, ids) } };
  if (tool === 'a2a_check_lockfile')
    return {
      tool,
      args: {
        lockfile: pick(rng, [`${CASE}/a2a-lock.json`, '../outside/a2a-lock.json', '@OUTSIDE@/a2a-lock.json', 3]),
        ...(chance(rng, 0.3) ? { live: true } : {}),
      },
    };
  if (tool === 'a2a_lockfiles') return { tool, args: chance(rng, 0.3) ? { cursor: pick(rng, ['..', 'x', 9]) } : {} };
  if (tool === 'a2a_discover')
    return {
      tool,
      args: {
        source: pick(rng, [
          `${CASE}/ai-catalog.json`,
          `${CASE}/ai-catalog.json`,
          '../outside/secret-card.json',
          `${RECORDER}/.well-known/ai-catalog.json`,
          '127.0.0.1',
          'localhost',
          5,
        ]),
      },
    };
  const skills = Array.from({ length: 1 + int(rng, 2) }, () => skillArg(rng, ids));
  const write = chance(rng, 0.3);
  return {
    tool,
    args: {
      source,
      skills,
      ...(write || chance(rng, 0.2)
        ? { lockfile: pick(rng, [`${CASE}/a2a-lock.json`, `${CASE}/new.a2a-lock.json`, '../outside/a2a-lock.json']) }
        : {}),
      ...(write ? { write: true } : {}),
    },
  };
}

export function generateMcpInput(rng: Rng): McpInput {
  const { seeds } = loadSeeds();
  const cards = seeds.filter((s) => s.kind === 'card');
  const locks = seeds.filter((s) => s.kind === 'lockfile');
  const m = mutate(rng, pick(rng, cards), seeds);
  let planted: ReturnType<typeof plantSecrets>;
  try {
    planted = chance(rng, 0.4) ? plantSecrets(rng, m.text) : undefined;
  } catch {
    // A card nested deeper than JSON.stringify goes: no secrets planted in this one.
    planted = undefined;
  }
  const card = planted?.text ?? m.text;
  const lock = locks.length ? pick(rng, locks).text : '{}';
  const calls = Array.from({ length: 1 + int(rng, 3) }, () => generateCall(rng, skillIds(card)));
  return {
    files: {
      'agent-card.json': card,
      'a2a-lock.json': localLock(lock),
      'ai-catalog.json': catalogOf(card),
    },
    calls,
    secrets: planted?.secrets ?? [],
    ops: [...m.ops, ...(planted?.ops ?? [])],
    origin: m.origin,
  };
}

function localLock(text: string): string {
  try {
    const lock = JSON.parse(text) as Record<string, unknown>;
    if (lock && typeof lock === 'object' && !Array.isArray(lock))
      return JSON.stringify({ ...lock, agent: 'agent-card.json' });
  } catch {
    // Not JSON: used as it is.
  }
  return text;
}

/** A loopback HTTP server that records every request: the server under test may never reach it. */
export interface Recorder {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

async function startRecorder(): Promise<Recorder> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface McpFuzzSession {
  mcp: McpSession;
  recorder: Recorder;
  /** The server's root (cases are folders inside it) and the folder beside it, outside. */
  root: string;
  outside: string;
  stop(): Promise<void>;
}

/** `workspace`/root is the server's only root; `workspace`/outside holds what must never be read. */
export async function startMcpFuzzSession(workspace: string): Promise<McpFuzzSession> {
  const root = join(workspace, 'root');
  const outside = join(workspace, 'outside');
  mkdirSync(root, { recursive: true });
  mkdirSync(outside, { recursive: true });
  const secretCard = JSON.stringify({ name: 'Outside', description: OUTSIDE_SECRET, skills: [] });
  writeFileSync(join(outside, 'secret-card.json'), secretCard);
  writeFileSync(join(outside, 'a2a-lock.json'), JSON.stringify({ agent: OUTSIDE_SECRET }));
  const recorder = await startRecorder();
  const mcp = await startMcp(['--root', root]);
  return {
    mcp,
    recorder,
    root,
    outside,
    async stop() {
      await mcp.close().catch(() => undefined);
      await recorder.close();
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<'timeout'>((done) => {
      timer = setTimeout(() => done('timeout'), ms);
    }),
  ]);
}

/** The case's placeholders made real: its folder (relative to the root), the outside folder, the recorder. */
function resolved(value: unknown, s: McpFuzzSession, caseDir: string): unknown {
  if (typeof value === 'string')
    return value.replaceAll(CASE, caseDir).replaceAll('@OUTSIDE@', s.outside).replaceAll(RECORDER, s.recorder.origin);
  if (Array.isArray(value)) return value.map((v) => resolved(v, s, caseDir));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v, s, caseDir)]));
  return value;
}

/**
 * A zero-width joiner inside an emoji sequence (a family, a rainbow flag): the untrusted text keeps it, as the
 * product's hidden-character rules do (core/text/hiddenCharacters.ts); anywhere else it counts as hidden.
 */
const EMOJI_JOINER = /(\p{Extended_Pictographic}\uFE0F?|\p{Emoji_Modifier})\u200D(?=\p{Extended_Pictographic})/gu;

/** What one answer must keep, whatever it says. */
function answerFailures(what: string, seen: string, input: McpInput, s: McpFuzzSession, tool: string): Failure[] {
  const failures: Failure[] = [];
  const trace = stackTrace(seen);
  if (trace) failures.push({ property: 'no stack trace in an MCP answer', detail: `${what}: ${trace}` });
  const raw = forbiddenCharacter(seen.replace(EMOJI_JOINER, '$1+'));
  if (raw)
    failures.push({
      property: 'no raw control, bidi or invisible character in an MCP answer',
      detail: `${what}: ${raw}`,
    });
  if (seen.includes(OUTSIDE_SECRET))
    failures.push({ property: 'nothing outside the root is read', detail: `${what}: ${visible(seen, 200)}` });
  if (seen.includes(dirname(s.root)))
    failures.push({
      property: 'no absolute path above the root in an answer',
      detail: `${what}: ${visible(seen, 200)}`,
    });
  // A lockfile records the card's skill ids and media types as they are; a secret planted there is lint's finding.
  if (tool !== 'a2a_pin') {
    const runs = secretRunsIn(seen, input.secrets);
    if (runs.length)
      failures.push({
        property: 'no MCP answer repeats an 8-character run of a planted secret',
        detail: `${what}: ${JSON.stringify(runs.slice(0, 3))}`,
      });
  }
  return failures;
}

export interface McpRun {
  failures: Failure[];
  /** The server stopped answering: the runner starts another for the next case. */
  broken: boolean;
}

export async function runMcpInput(
  s: McpFuzzSession,
  input: McpInput,
  caseName: string,
  hangMs: number,
): Promise<McpRun> {
  const dir = join(s.root, caseName);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(input.files))
    writeFileSync(join(dir, name), text.replaceAll(RECORDER, s.recorder.origin));
  symlinkSync(join(s.outside, 'secret-card.json'), join(dir, 'link-out.json'));
  const failures: Failure[] = [];
  const stderrBefore = s.mcp.stderr().length;
  const requestsBefore = s.recorder.requests.length;
  for (const call of input.calls) {
    const args = resolved(call.args, s, caseName) as Record<string, unknown>;
    const what = `${call.tool} ${visible(JSON.stringify(call.args), 160)}`;
    let answer: CallAnswer | 'timeout';
    try {
      answer = await withTimeout(callTool(s.mcp, call.tool, args), hangMs);
    } catch (err) {
      // Arguments the input schema refuses are a protocol error (the SDK's McpError): an answer, in our words.
      if (err instanceof McpError) {
        failures.push(...answerFailures(what, err.message, input, s, call.tool));
        continue;
      }
      failures.push({
        property: 'every MCP answer follows the tool contract',
        detail: `${what}: ${describeError(err)}`,
      });
      continue;
    }
    if (answer === 'timeout') {
      failures.push({
        property: 'the MCP server answers every call in time',
        detail: `${what}: no answer within ${hangMs} ms`,
      });
      return { failures, broken: true };
    }
    failures.push(...answerFailures(what, `${answer.text}\n${answer.untrusted ?? ''}`, input, s, call.tool));
  }
  const stderr = s.mcp.stderr().slice(stderrBefore);
  failures.push(...answerFailures('stderr', stderr, input, s, 'stderr'));
  const reached = s.recorder.requests.slice(requestsBefore);
  if (reached.length)
    failures.push({
      property: "a model's URL reaches public addresses only",
      detail: `the loopback recorder got ${visible(reached.join(', '), 200)}`,
    });
  return { failures, broken: false };
}
