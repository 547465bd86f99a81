// The pricing agent's admin endpoint as the walkthrough in docs/lockfiles.md uses it (curl on loopback): a card version is
// switched by name; a wrong name or a body that is not JSON says what to send; GET says which card is served.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent({ port: 0 });
});
after(() => agent.close());

const admin = () => `${agent.url}/admin/card-version`;
const post = (body: string, type = 'application/json') =>
  fetch(admin(), { method: 'POST', headers: { 'content-type': type }, body });

test('POST {"version"} switches the served card; GET reports it and the names', async () => {
  const r = await post('{"version":"no-streaming"}');
  assert.equal(r.status, 200);
  assert.deepEqual(await r.json(), { version: 'no-streaming' });
  const card = (await (await fetch(agent.cardUrl)).json()) as { capabilities: { streaming?: boolean } };
  assert.notEqual(card.capabilities.streaming, true);
  const now = await fetch(admin());
  assert.equal(now.status, 200);
  assert.deepEqual(await now.json(), {
    version: 'no-streaming',
    versions: ['base', 'description', 'version', 'no-streaming', 'narrowed-input', 'patch-version'],
  });
  await post('{"version":"base"}');
});

test('an unknown name is quoted back with the names that exist', async () => {
  const r = await post('{"version":"nope"}');
  assert.equal(r.status, 400);
  assert.match(((await r.json()) as { error: string }).error, /^unknown card version "nope"; one of: base, /);
});

test('a form body (curl -d without the JSON content type) is told to send JSON, not "unknown version"', async () => {
  const r = await post('version=base', 'application/x-www-form-urlencoded');
  assert.equal(r.status, 400);
  const { error } = (await r.json()) as { error: string };
  assert.match(error, /send \{"version": "<name>"\} as JSON \(content-type: application\/json\)/);
  assert.doesNotMatch(error, /unknown card version/);
});
