/**
 * What a lockfile is compared with, through the REAL bundled language server over stdio: what the lockfile pins
 * (its card file, or the live agent), never an untitled buffer that happens to name the same agent, such as the
 * card "A2A: Fetch Agent Card" opens. The diagnostics and the capabilities view agree and name the real source,
 * and what an open card contributed goes away when it is closed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { CapabilitiesRequest, CheckLockfilesRequest, FetchCardRequest, PinRequest } from '../../server/src/protocol';
import { startLsp, type LspSession } from './harness';
import { tempDir } from '../cli/helpers';

let agent: PricingAgent;
let lsp: LspSession;
let lockUri: string;
let dir: string;

const UNTITLED = 'untitled:Untitled-1';
const messages = (d: Diagnostic[]) => d.map((x) => x.message).join('\n');

before(async (t) => {
  agent = await startPricingAgent();
  dir = tempDir(t as unknown as { after: (fn: () => void) => void }, 'a2a-untitled-');
  lsp = await startLsp({ settings: { workspaceTrusted: true }, workspaceFolders: [dir] });
  const lockPath = join(dir, 'pricing.a2a-lock.json');
  lockUri = pathToFileURL(lockPath).href;
  const pinned = await lsp.connection.sendRequest(PinRequest.type, {
    source: { url: agent.url },
    selection: { skills: ['itinerary-pricing'], input: ['text/plain'], output: [], streaming: true, extensions: [] },
    target: lockUri,
    probe: false,
  });
  assert.equal(pinned.written, true, pinned.error);
  await lsp.open(lockUri, 'a2a-lockfile', readFileSync(lockPath, 'utf8'));
  // The live agent drops streaming: breaking against the live card.
  agent.setVersion('no-streaming');
  const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, { uris: [lockUri] });
  assert.equal(checked.results[0]?.verdict, 'breaking');
});
after(async () => {
  await lsp?.stop();
  await agent?.close();
});

/** The lockfile's diagnostics computed after everything opened so far (a no-op edit makes a new version). */
async function lockDiagnostics(): Promise<Diagnostic[]> {
  await lsp.change(lockUri, lsp.documents.get(lockUri)!.getText());
  return lsp.diagnostics(lockUri);
}

test('an untitled card of the same agent is not the comparison source; diagnostics and the view agree', async () => {
  const fetched = await lsp.connection.sendRequest(FetchCardRequest.type, { url: agent.url });
  assert.equal(fetched.error, undefined);
  // A draft of the same agent (its interfaces at the agent's origin) with other skills, streaming kept: compatible.
  const base = pricingCard(agent.url, 'base') as { skills: unknown[] };
  const draft = { ...base, skills: [...base.skills, { id: 'extra', name: 'Extra', description: 'd', tags: ['t'] }] };
  await lsp.open(UNTITLED, 'a2a-agent-card', JSON.stringify(draft, null, 2));
  await lsp.diagnostics(UNTITLED);

  const diagnostics = await lockDiagnostics();
  assert.doesNotMatch(messages(diagnostics), /untitled/i);
  assert.match(messages(diagnostics), /live card at/, messages(diagnostics));
  const view = await lsp.connection.sendRequest(CapabilitiesRequest.type, { uri: lockUri });
  assert.doesNotMatch(JSON.stringify(view), /untitled/i);
  const check = view.nodes.find((n) => n.id === 'check');
  assert.match(check?.description ?? '', /^breaking \(live card, fetched /, JSON.stringify(check));
  assert.equal(view.severity, 'error');

  await lsp.close(UNTITLED);
  assert.deepEqual(await lsp.diagnosticsWhen(UNTITLED, (d) => d.length === 0), []);
  assert.doesNotMatch(messages(await lockDiagnostics()), /untitled/i);
});

test("an open card file counts while open; closed, its unsaved text's notes go", async () => {
  const cardUri = pathToFileURL(join(dir, 'pricing.agent-card.json')).href; // never saved: not on disk
  const base = pricingCard(agent.url, 'base') as { skills: { id: string }[] };
  const edited = { ...base, skills: base.skills.filter((s) => s.id !== 'itinerary-pricing') };
  await lsp.open(cardUri, 'a2a-agent-card', JSON.stringify(edited, null, 2));
  await lsp.diagnostics(cardUri);
  assert.match(messages(await lockDiagnostics()), /pricing\.agent-card\.json/);

  await lsp.close(cardUri);
  const after = await lsp.diagnosticsWhen(lockUri, (d) => !/pricing\.agent-card\.json/.test(messages(d)), 5000);
  assert.match(messages(after), /live card at/);
});

test('fetching the fixed card (the live card, not its untitled editor) clears the breaking diagnostic', async () => {
  agent.setVersion('base');
  const fetched = await lsp.connection.sendRequest(FetchCardRequest.type, { url: agent.url });
  await lsp.open('untitled:Untitled-2', 'a2a-agent-card', fetched.text!);
  await lsp.diagnosticsWhen(lockUri, (d) => !d.some((x) => x.code === 'lockfile-breaking'), 5000);
  await lsp.close('untitled:Untitled-2');
});
