/**
 * "Pin this agent" on a catalog read from an http(s) URL, end to end over stdio: the lens carries the catalog
 * reference, and the pin request made from it (what the client's a2a.pinAgent sends) resolves the catalog on
 * loopback and writes a lockfile that records where the agent was found (`found_via`).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { startPricingAgent } from '../../examples/pricing-agent/server';
import { PinRequest } from '../../server/src/protocol';
import { tempDir } from '../cli/helpers';
import { startLsp } from './harness';

test('a lens on an http(s) catalog pins through the catalog reference and records found_via', async (t) => {
  const agent = await startPricingAgent();
  t.after(() => agent.close());
  const catalog = JSON.stringify({
    specVersion: '1.0',
    entries: [
      {
        identifier: 'urn:air:example.com:agents:pricing',
        type: 'application/a2a-agent-card+json',
        url: agent.cardUrl,
        version: '3.2.0',
      },
    ],
  });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/ai-catalog+json' });
    res.end(catalog);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  t.after(() => server.close());
  const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/ai-catalog.json`;

  const lsp = await startLsp({ settings: { workspaceTrusted: true } });
  t.after(() => lsp.stop());
  await lsp.open(uri, 'a2a-ai-catalog', catalog);
  const lenses = (await lsp.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  const argument = lenses[0]?.command?.arguments?.[0] as { url: string; catalog: string };
  assert.deepEqual(argument, { url: `${uri}#urn:air:example.com:agents:pricing@3.2.0`, catalog: uri });

  const dir = tempDir(t);
  const lockPath = join(dir, 'pricing.a2a-lock.json');
  const pinned = await lsp.connection.sendRequest(PinRequest.type, {
    source: { url: argument.url },
    selection: { skills: ['itinerary-pricing'], input: [], output: [], streaming: false, extensions: [] },
    target: pathToFileURL(lockPath).href,
    probe: false,
  });
  assert.equal(pinned.written, true, pinned.error);
  const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { agent: string; found_via?: unknown };
  assert.equal(lock.agent, agent.cardUrl);
  assert.deepEqual(lock.found_via, {
    catalog: uri,
    identifier: 'urn:air:example.com:agents:pricing',
    version: '3.2.0',
  });
});
