/**
 * The editor side of the lockfile loop, through the REAL bundled language server over stdio against the
 * example pricing agent: CodeLens on skills, pin options, pin, live check (304 on the second run),
 * the pinned-vs-current diff, update, and no network at all in an untrusted workspace.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeLensRequest } from 'vscode-languageserver-protocol';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { pricingCard } from '../../examples/pricing-agent/cards';
import {
  CheckLockfilesRequest,
  FetchCardRequest,
  LockfileDiffRequest,
  PinOptionsRequest,
  PinRequest,
  UpdateLockfileRequest,
} from '../../server/src/protocol';
import { startLsp, type LspSession } from './harness';
import { tempDir } from '../cli/helpers';
import { at } from '../at';

let agent: PricingAgent;
let lsp: LspSession;
before(async () => {
  agent = await startPricingAgent();
  lsp = await startLsp({ settings: { workspaceTrusted: true } });
});
after(async () => {
  await lsp.stop();
  await agent.close();
});

const selection = { skills: ['itinerary-pricing'], input: ['text/plain'], output: [], streaming: true, extensions: [] };

test('CodeLens "Pin this skill" above every skill of a card, carrying the card and the skill id', async (t) => {
  const dir = tempDir(t);
  const path = join(dir, 'pricing.agent-card.json');
  const text = `${JSON.stringify(pricingCard('http://127.0.0.1:9', 'base'), null, 2)}\n`;
  writeFileSync(path, text);
  const uri = pathToFileURL(path).href;
  const doc = await lsp.open(uri, 'a2a-agent-card', text);
  const lenses = (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
  assert.deepEqual(
    lenses.map((l) => [l.command?.title, l.command?.command, l.command?.arguments?.[0]?.skill]),
    [
      ['Pin this skill', 'a2a.pinAgent', 'itinerary-pricing'],
      ['Pin this skill', 'a2a.pinAgent', 'currency-convert'],
    ],
  );
  assert.equal(
    doc.getText({
      start: at(lenses, 0).range.start,
      end: { line: at(lenses, 0).range.start.line, character: at(lenses, 0).range.start.character + 1 },
    }),
    '{',
  );
  await lsp.close(uri);
});

test('pin from a URL, live check (then 304), diff and update after the agent changes', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  const options = await lsp.connection.sendRequest(PinOptionsRequest.type, { source: { url: agent.url } });
  assert.equal(options.error, undefined);
  assert.equal(options.agentName, 'Pricing Agent');
  assert.equal(options.streaming, true);
  assert.deepEqual(
    options.skills.map((s) => [s.id, s.inputFrom, s.input.join(',')]),
    [
      ['itinerary-pricing', 'skill', 'application/json,text/plain'],
      ['currency-convert', 'defaults', 'application/json,text/plain'],
    ],
  );
  const lockPath = join(dir, 'pricing.a2a-lock.json');
  const target = pathToFileURL(lockPath).href;
  const pinned = await lsp.connection.sendRequest(PinRequest.type, {
    source: { url: agent.url },
    selection,
    target,
    probe: true,
  });
  assert.equal(pinned.written, true);
  assert.ok(
    pinned.probes.some((l) => /^probe streaming: verified/.test(l)),
    pinned.probes.join('\n'),
  );
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  assert.equal(lock.verified.streaming.result, 'verified');
  assert.equal(lock.agent, agent.cardUrl);
  assert.deepEqual(lock.requires.skills, {
    'itinerary-pricing': { input: ['text/plain'], output: ['application/json'] },
  });
  const again = await lsp.connection.sendRequest(PinRequest.type, {
    source: { url: agent.url },
    selection,
    target,
    probe: true,
  });
  assert.equal(again.written, false, 'deterministic: a re-pin with nothing changed does not touch the file');

  const first = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [target] });
  assert.deepEqual(
    first.results.map((r) => [r.verdict, r.unchanged]),
    [['compatible', true]],
  );
  assert.equal(at(first.results, 0).agent, agent.cardUrl, 'the agent URL, for "Run probes"');

  agent.setVersion('no-streaming');
  const broken = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [target] });
  const entry = at(broken.results, 0);
  assert.equal(entry.verdict, 'breaking');
  assert.equal(entry.unchanged, false);
  const item = entry.items.find((i) => i.level === 'breaking')!;
  assert.equal(item.pointer, '/requires/streaming');
  const lines = readFileSync(lockPath, 'utf8').split('\n');
  assert.equal(at(lines, item.range.start.line).slice(item.range.start.character, item.range.end.character), 'true');

  const diff = await lsp.connection.sendRequest(LockfileDiffRequest.type, { uri: target });
  assert.equal(diff.verdict, 'breaking');
  assert.equal(diff.diff, '~ /streaming: true → false\n');
  assert.match(diff.pinned, /"streaming": true/);
  assert.match(diff.current, /"streaming": false/);
  assert.equal(diff.pending, false, 'a breaking change cannot be updated away');
  const refused = await lsp.connection.sendRequest(UpdateLockfileRequest.type, { uri: target });
  assert.match(refused.error ?? '', /cannot update: the workflow needs streaming/);

  agent.setVersion('version');
  const review = await lsp.connection.sendRequest(LockfileDiffRequest.type, { uri: target });
  assert.equal(review.verdict, 'review');
  assert.equal(review.pending, true);
  const updated = await lsp.connection.sendRequest(UpdateLockfileRequest.type, { uri: target });
  assert.deepEqual(updated, { written: true });
  assert.equal(JSON.parse(readFileSync(lockPath, 'utf8')).agent_version, '3.3.0');
  const after = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [target] });
  assert.equal(at(after.results, 0).verdict, 'compatible');
});

test('a newer card, fetched or read by a pin, re-publishes the diagnostics of a closed lockfile checked earlier', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  const target = pathToFileURL(join(dir, 'checked.a2a-lock.json')).href;
  assert.equal(
    (await lsp.connection.sendRequest(PinRequest.type, { source: { url: agent.url }, selection, target, probe: false }))
      .written,
    true,
  );
  const breaking = (d: { code?: unknown }[]) => d.some((x) => x.code === 'lockfile-breaking');
  const breakAndCheck = async () => {
    agent.setVersion('no-streaming');
    const r = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [target] });
    assert.equal(at(r.results, 0).verdict, 'breaking');
    await lsp.diagnosticsWhen(target, breaking);
    agent.setVersion('base');
  };

  await breakAndCheck();
  const fetched = await lsp.connection.sendRequest(FetchCardRequest.type, { url: agent.url });
  assert.equal(fetched.error, undefined);
  await lsp.diagnosticsWhen(target, (d) => !breaking(d));

  await breakAndCheck();
  const other = pathToFileURL(join(dir, 'other.a2a-lock.json')).href;
  assert.equal(
    (
      await lsp.connection.sendRequest(PinRequest.type, {
        source: { url: agent.url },
        selection,
        target: other,
        probe: false,
      })
    ).written,
    true,
  );
  await lsp.diagnosticsWhen(target, (d) => !breaking(d));
});

test('a fetched, unsaved card: "Pin this skill" pins from the URL it was fetched from; an unknown one gets no lens', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  const lensesOf = async (uri: string) =>
    (await lsp.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
  const stranger = 'untitled:Untitled-41';
  await lsp.open(
    stranger,
    'a2a-agent-card',
    `${JSON.stringify(pricingCard('http://127.0.0.1:9', 'description'), null, 2)}\n`,
  );
  assert.deepEqual(await lensesOf(stranger), [], 'a card this session did not fetch cannot be pinned: no lens');
  const refused = await lsp.connection.sendRequest(PinOptionsRequest.type, { source: { uri: stranger } });
  assert.match(refused.error ?? '', /neither a file nor one fetched in this session/);
  await lsp.close(stranger);

  const fetched = await lsp.connection.sendRequest(FetchCardRequest.type, { url: agent.url });
  const uri = 'untitled:Untitled-42';
  await lsp.open(uri, 'a2a-agent-card', `${JSON.stringify(JSON.parse(fetched.text!), null, 2)}\n`);
  const lenses = await lensesOf(uri);
  assert.deepEqual(
    lenses.map((l) => l.command?.arguments?.[0]?.skill),
    ['itinerary-pricing', 'currency-convert'],
  );
  const source = { uri: at(lenses, 0).command!.arguments![0].uri as string };
  const options = await lsp.connection.sendRequest(PinOptionsRequest.type, { source });
  assert.equal(options.error, undefined);
  assert.equal(options.location, agent.cardUrl);
  const lockPath = join(dir, 'fetched.a2a-lock.json');
  const pinned = await lsp.connection.sendRequest(PinRequest.type, {
    source,
    selection,
    target: pathToFileURL(lockPath).href,
    probe: false,
  });
  assert.equal(pinned.error, undefined);
  assert.equal(JSON.parse(readFileSync(lockPath, 'utf8')).agent, agent.cardUrl);
  await lsp.close(uri);
});

test('a corrupt lockfile and a bad selection are errors with their cause, never compatible', async (t) => {
  const dir = tempDir(t);
  const bad = join(dir, 'bad.a2a-lock.json');
  writeFileSync(bad, '{"agent": 1}');
  const r = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [pathToFileURL(bad).href] });
  assert.equal(at(r.results, 0).verdict, 'error');
  assert.match(at(at(r.results, 0).items, 0).message, /corrupt lockfile/);
  agent.setVersion('base');
  const p = await lsp.connection.sendRequest(PinRequest.type, {
    source: { url: agent.url },
    selection: { ...selection, input: ['image/png'] },
    target: pathToFileURL(join(dir, 'x.a2a-lock.json')).href,
    probe: false,
  });
  assert.match(p.error ?? '', /does not accept "image\/png"/);
  assert.equal(p.written, false);
});

test('untrusted workspace: every URL fetch is refused with a clear error', async (t) => {
  const dir = tempDir(t);
  const untrusted = await startLsp({ settings: { workspaceTrusted: false } });
  t.after(() => untrusted.stop());
  const options = await untrusted.connection.sendRequest(PinOptionsRequest.type, { source: { url: agent.url } });
  assert.match(options.error ?? '', /not trusted/);
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
  const r = await untrusted.connection.sendRequest(CheckLockfilesRequest.type, {
    uris: [pathToFileURL(lockPath).href],
  });
  assert.equal(at(r.results, 0).verdict, 'error');
  assert.match(at(at(r.results, 0).items, 0).message, /not trusted/);
});
