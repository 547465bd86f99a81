// What a lockfile may make the language server read or reach, through the real server over stdio: card paths
// inside the lockfile's workspace folder only (symlinks resolved), whether the lockfile is open, closed or checked;
// a lockfile's agent URL reaches loopback/private only in a trusted workspace and only as far as the user's
// a2a.network.allowFromWorkspace allows; Restricted Mode reaches nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HoverRequest } from 'vscode-languageserver-protocol';
import { CheckLockfilesRequest, LockfileDiffRequest, ProbeAgentRequest } from '../../server/src/protocol';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { cardDigest } from '../../server/src/core/card/digest';
import { startLsp } from '../lsp/harness';
import { tempDir } from '../cli/helpers';
import { at } from '../at';

const CARD_TEXT = readFileSync(join(__dirname, '../../examples/cards/good.agent-card.json'), 'utf8');
const CARD = JSON.parse(CARD_TEXT) as Record<string, unknown>;
const SECRET_NAME = 'Outside-Card-Name-91be';

function lockfile(agent: string): string {
  return JSON.stringify(
    {
      lockfile_version: 1,
      agent,
      pinned_at: '2026-11-30T12:00:00Z',
      card_digest: cardDigest(CARD),
      requires: { skills: { 'plan-itinerary': {} } },
    },
    null,
    2,
  );
}

describe('card paths in lockfiles stay inside the workspace folder (editor)', () => {
  it('outside, absolute or through a symlink: not read, not shown, refused by the check and the diff', async (t) => {
    const base = tempDir(t, 'a2a-lsp-boundary-');
    const folder = join(base, 'ws');
    const outside = join(base, 'elsewhere');
    mkdirSync(folder);
    mkdirSync(outside);
    writeFileSync(join(outside, 'x.agent-card.json'), JSON.stringify({ ...CARD, name: SECRET_NAME }));
    symlinkSync(outside, join(folder, 'linked'));
    writeFileSync(join(folder, 'inside.agent-card.json'), CARD_TEXT);
    const lsp = await startLsp({ settings: { workspaceTrusted: false }, workspaceFolders: [folder] });
    t.after(() => lsp.stop());
    for (const [name, agent] of [
      ['rel', '../elsewhere/x.agent-card.json'],
      ['abs', join(outside, 'x.agent-card.json')],
      ['link', 'linked/x.agent-card.json'],
    ]) {
      const path = join(folder, `${name}.a2a-lock.json`);
      const text = lockfile(agent!);
      writeFileSync(path, text);
      const uri = pathToFileURL(path).href;
      await lsp.open(uri, 'a2a-lockfile', text);
      const diagnostics = await lsp.diagnostics(uri);
      const hover = await lsp.connection.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: { line: 2, character: 5 },
      });
      const shown = JSON.stringify([diagnostics, hover]);
      assert.doesNotMatch(shown, new RegExp(SECRET_NAME), name);
      const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [uri] });
      assert.equal(at(checked.results, 0).verdict, 'error', name);
      assert.match(at(at(checked.results, 0).items, 0).message, /is outside the repository, so it is not read/, name);
      const diff = await lsp.connection.sendRequest(LockfileDiffRequest.type, { uri });
      assert.match(diff.error ?? '', /is outside the repository, so it is not read/, name);
      assert.doesNotMatch(JSON.stringify([checked, diff]), new RegExp(SECRET_NAME), name);
      await lsp.close(uri);
    }
    // A lockfile that is itself a link out of the folder: not read, so its content is never quoted.
    writeFileSync(join(outside, 'other.a2a-lock.json'), `{"agent": "${SECRET_NAME}", ${'"x": 1'}`);
    symlinkSync(join(outside, 'other.a2a-lock.json'), join(folder, 'linked.a2a-lock.json'));
    const linked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, {
      uris: [pathToFileURL(join(folder, 'linked.a2a-lock.json')).href],
    });
    assert.equal(at(linked.results, 0).verdict, 'error');
    assert.match(at(at(linked.results, 0).items, 0).message, /is outside the repository, so it is not read/);
    assert.doesNotMatch(JSON.stringify(linked), new RegExp(SECRET_NAME));
    // Inside the folder: read and checked as before.
    const inside = join(folder, 'in.a2a-lock.json');
    writeFileSync(inside, lockfile('inside.agent-card.json'));
    const ok = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [pathToFileURL(inside).href] });
    assert.equal(at(ok.results, 0).verdict, 'compatible', JSON.stringify(ok));
    assert.equal(lsp.stderr(), '');
  });
});

describe('lockfile agent URLs in the editor', () => {
  let server: Server;
  let url: string;
  let requests = 0;
  before(async () => {
    server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(CARD_TEXT);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('trusted: loopback by default; a user narrowing to private refuses it; Restricted Mode sends nothing', async (t) => {
    const dir = tempDir(t, 'a2a-lsp-net-');
    const path = join(dir, 'a.a2a-lock.json');
    writeFileSync(path, lockfile(url));
    const uri = pathToFileURL(path).href;
    const lsp = await startLsp({ settings: { workspaceTrusted: true }, workspaceFolders: [dir] });
    t.after(() => lsp.stop());
    const check = async () =>
      at((await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [uri] })).results, 0);
    requests = 0;
    assert.equal((await check()).verdict, 'compatible');
    assert.equal(requests, 1);
    await lsp.updateSettings({ workspaceTrusted: true, network: { allowFromWorkspace: ['private'] } });
    const narrowed = await check();
    assert.equal(narrowed.verdict, 'error');
    assert.match(
      at(narrowed.items, 0).message,
      /loopback address 127\.0\.0\.1 is not reachable from a URL in repository content/,
    );
    await lsp.updateSettings({ workspaceTrusted: false });
    const restricted = await check();
    assert.equal(restricted.verdict, 'error');
    assert.match(at(restricted.items, 0).message, /not trusted/);
    assert.equal(requests, 1);
  });
});

describe('probing the agent of a lockfile ("Run probes") in the editor', () => {
  let agent: PricingAgent;
  before(async () => {
    agent = await startPricingAgent();
  });
  after(() => agent.close());

  it("the server probes the lockfile's own agent under the workspace allowance, whatever URL the client sends", async (t) => {
    const base = tempDir(t, 'a2a-lsp-probe-');
    const folder = join(base, 'ws');
    const outside = join(base, 'elsewhere');
    mkdirSync(folder);
    mkdirSync(outside);
    const path = join(folder, 'a.a2a-lock.json');
    writeFileSync(path, lockfile(agent.cardUrl));
    const uri = pathToFileURL(path).href;
    const lsp = await startLsp({ settings: { workspaceTrusted: true }, workspaceFolders: [folder] });
    t.after(() => lsp.stop());
    const probe = (url: string, from = uri) =>
      lsp.connection.sendRequest(ProbeAgentRequest.type, { url, lockfile: from });
    const allowed = await probe('http://127.0.0.1:1/');
    assert.equal(allowed.error, undefined, JSON.stringify(allowed));
    assert.equal(allowed.agent, agent.cardUrl);
    assert.ok(
      allowed.results.some((r) => r.outcome === 'verified'),
      JSON.stringify(allowed),
    );
    await lsp.updateSettings({ workspaceTrusted: true, network: { allowFromWorkspace: ['private'] } });
    const narrowed = await probe(agent.url);
    assert.match(
      narrowed.error ?? '',
      /loopback address 127\.0\.0\.1 is not reachable from a URL in repository content/,
    );
    assert.deepEqual(narrowed.results, []);
    // A lockfile that links out of the folder is not read: nothing of it is probed.
    writeFileSync(join(outside, 'o.a2a-lock.json'), lockfile(agent.cardUrl));
    symlinkSync(join(outside, 'o.a2a-lock.json'), join(folder, 'o.a2a-lock.json'));
    await lsp.updateSettings({ workspaceTrusted: true });
    const linked = await probe(agent.url, pathToFileURL(join(folder, 'o.a2a-lock.json')).href);
    assert.match(linked.error ?? '', /is outside the repository, so it is not read/);
    await lsp.updateSettings({ workspaceTrusted: false });
    assert.match((await probe(agent.url)).error ?? '', /not trusted/);
    assert.equal(lsp.stderr(), '');
  });
});
