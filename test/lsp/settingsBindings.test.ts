/** a2a.client.bindings: a malformed entry is skipped (the others still apply) and the server log says so, once per entry. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { startLsp, type LspSession } from './harness';
import { at } from '../at';

const card = readFileSync(join(__dirname, 'fixtures', 'mapping.agent-card.json'), 'utf8');

async function logsWhen(s: LspSession, accept: (logs: string[]) => boolean, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (!accept(s.logs)) {
    if (Date.now() > deadline) throw new Error(`logs never matched: ${JSON.stringify(s.logs)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return s.logs;
}

const about = (logs: string[], entry: string) =>
  logs.filter((l) => l.startsWith(`a2a.client.bindings: ${JSON.stringify(entry)} is not BINDING@VERSION`));

test('bad bindings are skipped and logged once each; the good ones decide interface selection', async () => {
  // Only GRPC is valid, so the card's JSONRPC interface is not supported: proof the good entry applied, the bad skipped.
  const s = await startLsp({ settings: { client: { bindings: ['GRPC@1.0', 'JSONRPC', ' @1.0'] } } });
  try {
    const u = 'file:///ws/bindings/agent-card.json';
    await s.open(u, 'a2a-agent-card', card);
    const d = await s.diagnostics(u);
    assert.ok(
      d.some((x) => x.code === 'no-supported-interface'),
      JSON.stringify(d.map((x) => x.code)),
    );
    let logs = await logsWhen(s, (l) => about(l, ' @1.0').length > 0 && about(l, 'JSONRPC').length > 0);
    // settings are pulled again on a change: the entries already reported are not repeated, a new one is
    await s.updateSettings({ client: { bindings: ['GRPC@1.0', 'JSONRPC', ' @1.0', 'GRPC@'] } });
    logs = await logsWhen(s, (l) => about(l, 'GRPC@').length > 0);
    await s.diagnosticsWhen(u, (x) => x.some((y) => y.code === 'no-supported-interface'));
    assert.equal(about(logs, 'JSONRPC').length, 1);
    assert.equal(about(logs, ' @1.0').length, 1);
    assert.equal(about(logs, 'GRPC@').length, 1);
    assert.match(at(about(logs, 'GRPC@'), 0), /; the entry is ignored$/);
    assert.equal(s.stderr(), '');
  } finally {
    await s.stop();
  }
});
