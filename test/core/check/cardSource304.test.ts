/** The refresh path's conditional fetch against the lying agent: a 304 whose ETag contradicts ours is not trusted. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startLyingAgent, type LyingAgent } from '../../agents/lying';
import { createHttpClient } from '../../../server/src/node/net/http';
import { httpCardSource } from '../../../server/src/core/check/cardSources';

let agent: LyingAgent;
const http = createHttpClient();
before(async () => {
  agent = await startLyingAgent();
});
after(async () => {
  await http.close();
  await agent.close();
});

test('a 304 carrying another ETag than the one sent is refetched in full; a matching one is unchanged', async () => {
  const source = httpCardSource(http, { allow: new Set(['loopback'] as const) });
  const url = `${agent.url}/stale/.well-known/agent-card.json`;
  const path = '/stale/.well-known/agent-card.json';
  const before = agent.hits.get(path) ?? 0;

  const contradicted = await source.fetch(url, { etag: '"card-v2"' });
  assert.equal(contradicted.status, 'fresh');
  assert.equal(agent.hits.get(path), before + 2, 'the conditional request, then an unconditional one');

  const same = await source.fetch(url, { etag: '"card-v3"' });
  assert.equal(same.status, 'unchanged');
});
