/**
 * `check --live --cache-dir DIR`: the card cache a CI job keeps between runs. Each run is a fresh process (here: a
 * fresh in-process CLI call with nothing shared), so only the directory carries the validators: the second run must
 * be answered 304, a changed card must be seen, and a corrupt or foreign cache entry must never be trusted.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { cli, tempDir } from './helpers';
import { at } from '../at';

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent();
});
after(async () => {
  await agent.close();
});

async function pin(dir: string): Promise<void> {
  agent.setVersion('base');
  const r = await cli(
    [
      'pin',
      agent.url,
      '--skill',
      'itinerary-pricing',
      '--input',
      'text/plain',
      '--streaming',
      '--out',
      'a2a-lock.json',
    ],
    dir,
  );
  assert.equal(r.code, 0, r.stderr);
}

async function liveCheck(dir: string, cache: string) {
  const r = await cli(['check', 'a2a-lock.json', '--live', '--cache-dir', cache], dir);
  const report = JSON.parse(r.stdout);
  return {
    code: r.code,
    classification: report.classification as string,
    unchanged: report.results[0].unchanged as boolean,
  };
}

describe('check --live --cache-dir', () => {
  test('the next run revalidates from the directory (304); a changed card is seen', async (t) => {
    const dir = tempDir(t);
    const cache = join(dir, '.a2acap-cache');
    await pin(dir);
    assert.deepEqual(await liveCheck(dir, cache), { code: 0, classification: 'compatible', unchanged: false });
    assert.deepEqual(await liveCheck(dir, cache), { code: 0, classification: 'compatible', unchanged: true });
    agent.setVersion('narrowed-input');
    assert.deepEqual(await liveCheck(dir, cache), { code: 1, classification: 'breaking', unchanged: false });
    assert.deepEqual(await liveCheck(dir, cache), { code: 1, classification: 'breaking', unchanged: true });
  });

  test('an entry holds only the public card and its validators', async (t) => {
    const dir = tempDir(t);
    const cache = join(dir, 'cache');
    await pin(dir);
    await liveCheck(dir, cache);
    const files = readdirSync(cache);
    assert.equal(files.length, 1);
    const entry = JSON.parse(readFileSync(join(cache, at(files, 0)), 'utf8'));
    assert.deepEqual(Object.keys(entry).sort(), ['card', 'format', 'location', 'validators']);
    assert.equal(entry.location, agent.cardUrl);
    assert.ok(entry.validators.etag, 'the agent sends an ETag');
  });

  for (const [name, content] of [
    ['corrupt JSON', '{"format": "a2acap-card-cache/1", '],
    ['an entry for another location', null],
    ['an entry whose card is not a valid card', 'invalid-card'],
  ] as const) {
    test(`${name} is never trusted: the card is fetched in full`, async (t) => {
      const dir = tempDir(t);
      const cache = join(dir, 'cache');
      await pin(dir);
      await liveCheck(dir, cache);
      const file = join(cache, at(readdirSync(cache), 0));
      const entry = JSON.parse(readFileSync(file, 'utf8'));
      if (content === null) entry.location = 'http://127.0.0.1:1/.well-known/agent-card.json';
      if (content === 'invalid-card') entry.card = { name: 'not a card' };
      writeFileSync(file, content === null || content === 'invalid-card' ? JSON.stringify(entry) : content);
      assert.deepEqual(await liveCheck(dir, cache), { code: 0, classification: 'compatible', unchanged: false });
    });
  }

  test('--cache-dir goes with --live, not with --card', async (t) => {
    const dir = tempDir(t);
    const r = await cli(['check', 'a2a-lock.json', '--card', 'card.json', '--cache-dir', 'x'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--cache-dir/);
  });

  test("a cache directory that cannot be made (under /proc, where Node's recursive mkdir spun forever) only costs the cache", async (t) => {
    const dir = tempDir(t);
    await pin(dir);
    assert.deepEqual(await liveCheck(dir, '/proc/a2acap-no-such/cache'), {
      code: 0,
      classification: 'compatible',
      unchanged: false,
    });
  });
});
