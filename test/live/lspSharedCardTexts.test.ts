/**
 * The language server keeps one cache of public card texts: after "Fetch Agent Card", the lockfile check of the
 * same agent revalidates the card (If-None-Match → 304) instead of downloading it again. Real server over stdio,
 * a real HTTP agent card on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { CheckLockfilesRequest, FetchCardRequest } from '../../server/src/protocol';
import { startLsp, type LspSession } from '../lsp/harness';
import { cli, tempDir } from '../cli/helpers';

const CARD = JSON.stringify({
  name: 'Shared',
  description: 'A card fetched, then checked.',
  version: '1.0.0',
  supportedInterfaces: [{ url: 'http://127.0.0.1:9/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'echo', name: 'Echo', description: 'Echoes.', tags: ['t'] }],
});
const asked: (string | undefined)[] = [];
let server: Server;
let url = '';
let lsp: LspSession;

before(async () => {
  server = createServer((req, res) => {
    asked.push(req.headers['if-none-match'] as string | undefined);
    res.setHeader('etag', '"one"');
    if (req.headers['if-none-match'] === '"one"') {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(CARD);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
  lsp = await startLsp({ settings: { workspaceTrusted: true } });
});
after(async () => {
  await lsp.stop();
  await new Promise<void>((r) => server.close(() => r()));
});

test('Fetch Agent Card, then Check Lockfiles Now: one download, then a 304', async (t) => {
  const dir = tempDir(t, 'a2a-lsp-shared-');
  assert.equal((await cli(['pin', url, '--skill', 'echo', '--out', 'lock.json'], dir)).code, 0);
  asked.length = 0;
  const fetched = await lsp.connection.sendRequest(FetchCardRequest.type, { url });
  assert.equal(fetched.error, undefined);
  const checked = await lsp.connection.sendRequest(CheckLockfilesRequest.type, {
    uris: [pathToFileURL(join(dir, 'lock.json')).href],
  });
  assert.deepEqual(
    checked.results.map((r) => r.verdict),
    ['compatible'],
  );
  assert.deepEqual(asked, [undefined, '"one"'], 'the check revalidated what the fetch stored');
});
