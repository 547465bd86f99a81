/**
 * Closing the evidence loop in the editor, through the REAL bundled language server over stdio against
 * real loopback agents: probe outcomes in the capabilities payload ("claimed vs verified"), lockfile
 * diagnostics against the live card fetched this session (one owner per diagnostic), and stale markers
 * written by a workflow process re-checking the lockfiles that pin the marked agent.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { fileStaleMarkers } from '../../server/src/node/fileStaleMarkers';
import {
  CapabilitiesRequest,
  CheckLockfilesRequest,
  FetchCardRequest,
  PinRequest,
  ProbeAgentRequest,
  type CapabilitiesResult,
} from '../../server/src/protocol';
import { startLsp, type LspSession } from '../lsp/harness';
import { startLyingAgent, type LyingAgent } from '../agents/lying';
import { tempDir } from '../cli/helpers';
import { at } from '../at';

let agent: PricingAgent;
let liar: LyingAgent;
let lsp: LspSession;
before(async () => {
  [agent, liar] = await Promise.all([startPricingAgent(), startLyingAgent()]);
  lsp = await startLsp({ settings: { workspaceTrusted: true } });
});
after(async () => {
  await lsp.stop();
  await Promise.all([agent.close(), liar.close()]);
});

const claims = (r: CapabilitiesResult) =>
  Object.fromEntries((r.evidence?.claims ?? []).map((c) => [c.probe, c.status]));
const node = (r: CapabilitiesResult, id: string) => {
  const walk = (nodes: CapabilityNodeLike[]): CapabilityNodeLike | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const c = walk(n.children ?? []);
      if (c) return c;
    }
    return undefined;
  };
  return walk(r.nodes as CapabilityNodeLike[]);
};
interface CapabilityNodeLike {
  id: string;
  description?: string;
  icon?: string;
  children?: CapabilityNodeLike[];
}

const selection = { skills: ['itinerary-pricing'], input: ['text/plain'], output: [], streaming: true, extensions: [] };

test('a fetched card opened as a document shows claimed vs verified once the agent is probed; a lie is refuted', async (t) => {
  agent.setVersion('base');
  const fetched = await lsp.connection.sendRequest(FetchCardRequest.type, { url: agent.url });
  assert.equal(fetched.error, undefined);
  // The client opens the fetched card as an untitled document: the server knows its URL by its content.
  const uri = 'untitled:Untitled-evidence-1';
  await lsp.open(uri, 'a2a-agent-card', `${JSON.stringify(JSON.parse(fetched.text!), null, 2)}\n`);
  t.after(() => lsp.close(uri));
  const before = await lsp.connection.sendRequest(CapabilitiesRequest.type, { uri });
  assert.equal(before.evidence?.agent, agent.cardUrl);
  assert.deepEqual(claims(before), {
    version: 'unverified',
    streaming: 'unverified',
    push: 'unverified',
    'extended-card': 'unverified',
  });
  assert.match(node(before, 'evidence')!.description!, /nothing verified yet/);

  const probe = await lsp.connection.sendRequest(ProbeAgentRequest.type, { url: agent.url });
  assert.equal(probe.error, undefined);
  const afterProbe = await lsp.connection.sendRequest(CapabilitiesRequest.type, { uri });
  assert.equal(claims(afterProbe).streaming, 'verified');
  assert.equal(claims(afterProbe).version, 'verified');
  const streaming = node(afterProbe, 'evidence/streaming')!;
  assert.equal(streaming.icon, 'verified');
  assert.match(streaming.description!, /^claims yes · verified \d{4}-/);

  // The lying agent claims streaming and refuses it: its card (a workspace file with no known URL,
  // matched by its interface origin) shows the claim refuted.
  const lie = await lsp.connection.sendRequest(ProbeAgentRequest.type, { url: liar.url });
  assert.equal(lie.results.find((r) => r.probe === 'streaming')?.outcome, 'refuted');
  const card = await (await fetch(`${liar.url}/.well-known/agent-card.json`)).text();
  const fileUri = pathToFileURL(join(tempDir(t), 'liar.agent-card.json')).href;
  await lsp.open(
    fileUri,
    'a2a-agent-card',
    `${JSON.stringify({ ...JSON.parse(card), description: 'edited locally' }, null, 2)}\n`,
  );
  t.after(() => lsp.close(fileUri));
  const liarTree = await lsp.connection.sendRequest(CapabilitiesRequest.type, { uri: fileUri });
  assert.equal(liarTree.evidence?.agent, `${liar.url}/.well-known/agent-card.json`);
  assert.equal(claims(liarTree).streaming, 'refuted');
  assert.equal(node(liarTree, 'evidence/streaming')!.icon, 'error');
});

test("a lockfile's Evidence joins its own `verified` member with newer probes of its agent", async (t) => {
  agent.setVersion('base');
  const lockPath = join(tempDir(t), 'pricing.a2a-lock.json');
  const target = pathToFileURL(lockPath).href;
  const pinned = await lsp.connection.sendRequest(PinRequest.type, {
    source: { url: agent.url },
    selection,
    target,
    probe: true,
  });
  assert.equal(pinned.written, true);
  await lsp.open(target, 'a2a-lockfile', readFileSync(lockPath, 'utf8'));
  t.after(() => lsp.close(target));
  const tree = await lsp.connection.sendRequest(CapabilitiesRequest.type, { uri: target });
  assert.equal(tree.evidence?.agent, agent.cardUrl);
  assert.equal(claims(tree).streaming, 'verified');
  assert.ok(node(tree, 'evidence/streaming')!.icon === 'verified');
});

test('lockfile diagnostics come from the live card of a check, once, with rule severities from a2a.rules', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  const lockPath = join(dir, 'planner.a2a-lock.json');
  const target = pathToFileURL(lockPath).href;
  assert.equal(
    (await lsp.connection.sendRequest(PinRequest.type, { source: { url: agent.url }, selection, target, probe: false }))
      .written,
    true,
  );
  agent.setVersion('no-streaming');

  // Not open: the check publishes the server's diagnostics for it.
  const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [target] });
  assert.equal(at(checked.results, 0).verdict, 'breaking');
  const closed = await lsp.diagnosticsWhen(target, (d) => d.some((x) => x.code === 'lockfile-breaking'));
  const lines = readFileSync(lockPath, 'utf8').split('\n');
  const breaking = closed.filter((d) => d.code === 'lockfile-breaking');
  assert.equal(breaking.length, 1);
  assert.equal(at(breaking, 0).severity, DiagnosticSeverity.Error);
  assert.equal(
    at(lines, at(breaking, 0).range.start.line).slice(
      at(breaking, 0).range.start.character,
      at(breaking, 0).range.end.character,
    ),
    'true',
  );
  assert.match(
    String(at(breaking, 0).message),
    /compared with the live card at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/agent-card\.json/,
  );
  assert.match(at(breaking, 0).codeDescription?.href ?? '', /#lockfile-breaking$/);

  // Open: the same single diagnostic, from the document's own validation.
  const doc = await lsp.open(target, 'a2a-lockfile', readFileSync(lockPath, 'utf8'));
  const open = await lsp.diagnostics(target);
  assert.deepEqual(
    open.filter((d) => d.code === 'lockfile-breaking').map((d) => doc.getText(d.range)),
    ['true'],
  );
  // The hover on the requirement quotes the live card (no card in the workspace yet).
  const hover = await lsp.hover(target, doc.positionAt(doc.getText().indexOf('"streaming"') + 2));
  const shown = (hover?.contents as { value: string }).value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  assert.match(shown, /\*\*streaming\*\*: the lock needs it; the card now declares false/);
  assert.match(shown, /live card at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/agent-card\.json/);

  // A card in the workspace that says the same thing does not double it: one diagnostic naming both cards.
  const cardPath = join(dir, 'pricing.agent-card.json');
  const cardText = `${JSON.stringify(pricingCard(agent.url, 'no-streaming'), null, 2)}\n`;
  writeFileSync(cardPath, cardText);
  await lsp.open(pathToFileURL(cardPath).href, 'a2a-agent-card', cardText);
  t.after(() => lsp.close(pathToFileURL(cardPath).href));
  const both = await lsp.diagnosticsWhen(target, (d) =>
    d.some((x) => /pricing\.agent-card\.json and the live card/.test(String(x.message))),
  );
  assert.equal(both.filter((d) => d.code === 'lockfile-breaking').length, 1);

  // The rule is a setting like any other.
  await lsp.updateSettings({
    workspaceTrusted: true,
    rules: { 'lockfile-breaking': 'warning', 'lockfile-note': 'off' },
  });
  const relaxed = await lsp.diagnosticsWhen(target, (d) =>
    d.some((x) => x.code === 'lockfile-breaking' && x.severity === DiagnosticSeverity.Warning),
  );
  assert.deepEqual(
    relaxed.filter((d) => d.code === 'lockfile-note'),
    [],
  );
  await lsp.updateSettings({ workspaceTrusted: true });

  // Closing a lockfile a live check covered keeps its diagnostics, now computed from the file on disk
  // (two lines longer here, so the ranges prove where they came from).
  writeFileSync(lockPath, `\n\n${readFileSync(lockPath, 'utf8')}`);
  const streamingLine = readFileSync(lockPath, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes('"streaming"'));
  assert.ok(streamingLine > 2);
  await lsp.close(target);
  await lsp.diagnosticsWhen(target, (d) =>
    d.some((x) => x.code === 'lockfile-breaking' && x.range.start.line === streamingLine),
  );

  // An agent that stops answering: lockfile-error on `agent`, never compatible.
  const gone = join(dir, 'gone.a2a-lock.json');
  writeFileSync(
    gone,
    JSON.stringify(
      {
        agent: 'http://127.0.0.1:9/.well-known/agent-card.json',
        pinned_at: '2026-10-02T08:00:00Z',
        card_digest: `sha256:${'0'.repeat(64)}`,
        requires: {},
      },
      null,
      2,
    ),
  );
  const goneUri = pathToFileURL(gone).href;
  const r = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [goneUri] });
  assert.equal(at(r.results, 0).verdict, 'error');
  const errors = await lsp.diagnosticsWhen(goneUri, (d) => d.some((x) => x.code === 'lockfile-error'));
  assert.equal(errors.find((d) => d.code === 'lockfile-error')!.severity, DiagnosticSeverity.Error);
});

test('stale markers written by a workflow re-check only the lockfiles pinning the marked agent, then are cleared', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  const marked = pathToFileURL(join(dir, 'marked.a2a-lock.json')).href;
  const other = pathToFileURL(join(dir, 'other.a2a-lock.json')).href;
  for (const target of [marked]) {
    assert.equal(
      (
        await lsp.connection.sendRequest(PinRequest.type, {
          source: { url: agent.url },
          selection,
          target,
          probe: false,
        })
      ).written,
      true,
    );
  }
  writeFileSync(
    join(dir, 'other.a2a-lock.json'),
    JSON.stringify(
      {
        agent: `${liar.url}/.well-known/agent-card.json`,
        pinned_at: '2026-10-02T08:00:00Z',
        card_digest: `sha256:${'0'.repeat(64)}`,
        requires: {},
      },
      null,
      2,
    ),
  );
  // A first check: the cache holds the card, so the next plain check is a 304.
  await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [marked] });
  assert.equal(
    at((await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [marked] })).results, 0).unchanged,
    true,
  );

  // A workflow process (here: the same core code) records a runtime error for the agent's base URL.
  mkdirSync(join(dir, '.a2a'));
  const staleFile = join(dir, '.a2a', 'stale.json');
  const workflow = fileStaleMarkers(staleFile);
  workflow.mark(agent.url, 'streaming refused at runtime: UnsupportedOperation', '2026-11-30T10:00:00.000Z');
  workflow.mark(`${liar.url}/elsewhere`, 'not pinned by these lockfiles', '2026-11-30T10:00:00.000Z');
  await workflow.flush();

  const r = await lsp.connection.sendRequest(CheckLockfilesRequest.type, {
    uris: [marked, other],
    staleMarkers: pathToFileURL(staleFile).href,
    onlyStale: true,
  });
  assert.deepEqual(
    r.results.map((e) => [e.uri, e.verdict, e.unchanged]),
    [[marked, 'compatible', false]],
    'only the marked agent, fetched without validators',
  );
  assert.ok(
    at(r.results, 0).items.some((i) =>
      /re-checked because calls contradicted the profile: streaming refused/.test(i.message),
    ),
  );
  const left = JSON.parse(readFileSync(staleFile, 'utf8')).markers.map((m: { reason: string }) => m.reason);
  assert.deepEqual(left, ['not pinned by these lockfiles'], 'the handled marker is cleared, the other kept');
  const again = await lsp.connection.sendRequest(CheckLockfilesRequest.type, {
    uris: [marked, other],
    staleMarkers: pathToFileURL(staleFile).href,
    onlyStale: true,
  });
  assert.deepEqual(again.results, []);

  // A corrupt markers file is no markers, never a crash.
  writeFileSync(staleFile, '{nope');
  const corrupt = await lsp.connection.sendRequest(CheckLockfilesRequest.type, {
    uris: [marked],
    staleMarkers: pathToFileURL(staleFile).href,
    onlyStale: true,
  });
  assert.deepEqual(corrupt.results, []);
  assert.equal(lsp.stderr(), '');
});

test('untrusted workspace: a marked agent is not fetched and its marker stays', async (t) => {
  const dir = tempDir(t);
  const untrusted = await startLsp({ settings: { workspaceTrusted: false } });
  t.after(() => untrusted.stop());
  const lockPath = join(dir, 'p.a2a-lock.json');
  writeFileSync(
    lockPath,
    JSON.stringify({
      agent: agent.cardUrl,
      pinned_at: '2026-10-02T08:00:00Z',
      card_digest: `sha256:${'0'.repeat(64)}`,
      requires: {},
    }),
  );
  mkdirSync(join(dir, '.a2a'));
  const staleFile = join(dir, '.a2a', 'stale.json');
  const workflow = fileStaleMarkers(staleFile);
  workflow.mark(agent.cardUrl, 'VersionNotSupported', '2026-11-30T10:00:00.000Z');
  await workflow.flush();
  const r = await untrusted.connection.sendRequest(CheckLockfilesRequest.type, {
    uris: [pathToFileURL(lockPath).href],
    staleMarkers: pathToFileURL(staleFile).href,
    onlyStale: true,
  });
  assert.equal(at(r.results, 0).verdict, 'error');
  assert.match(at(at(r.results, 0).items, 0).message, /not trusted/);
  assert.equal(JSON.parse(readFileSync(staleFile, 'utf8')).markers.length, 1);
});
