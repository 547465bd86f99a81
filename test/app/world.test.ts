/**
 * The world's one card cache (app/world.ts): every front end's loader keeps what it loads in the cache it is given,
 * so a host that holds one cache (the language server, for its lifetime) sees every workflow's cards in it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardLoaderFor, createCardCache } from '../../server/src/app/world';

const card: unknown = JSON.parse(
  readFileSync(join(__dirname, '..', 'fixtures', 'cards', 'valid', 'pricing-agent.json'), 'utf8'),
);
const served = { fetch: async () => ({ status: 'fresh' as const, card, validators: { etag: '"v1"' } }) };

test('a loader keeps what it loads in the cache it is given', async () => {
  const cache = createCardCache();
  const loaded = await cardLoaderFor(served, undefined, cache).load('https://agent.example/card.json');
  assert.equal(cache.get('https://agent.example/card.json')?.digest, loaded.digest);
  assert.deepEqual(cache.get('https://agent.example/card.json')?.validators, { etag: '"v1"' });
});

test('with a folder, the cache outlives the process (one file per card)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-world-'));
  try {
    await cardLoaderFor(served, undefined, createCardCache({ cacheDir: dir })).load('https://agent.example/card.json');
    assert.equal(readdirSync(dir).length, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
