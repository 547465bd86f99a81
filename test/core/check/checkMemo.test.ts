/**
 * The remembered checks of core/check/checkMemo.ts against the real example pricing agent on 127.0.0.1:
 * a 304 re-check gives the same verdict without sharing result objects, an edited lockfile or a changed
 * card is checked afresh (a memo can never make a change look unchanged).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { startPricingAgent, type PricingAgent } from '../../../examples/pricing-agent/server';
import { createHttpClient } from '../../../server/src/node/net/http';
import { MemoryCardCache } from '../../../server/src/core/cache/loadedCards';
import { createCardLoader } from '../../../server/src/core/check/cardLoader';
import { httpCardSource } from '../../../server/src/core/check/cardSources';
import { refreshLockfile } from '../../../server/src/core/check/refreshLockfile';
import type { RefreshOutcome } from '../../../server/src/core/check/types';
import { cli, tempDir } from '../../cli/helpers';
import { resolveAgent } from '../../../server/src/node/agentLocation';

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent();
});
after(async () => {
  await agent.close();
});

function checked(o: RefreshOutcome): Extract<RefreshOutcome, { status: 'checked' }> {
  assert.equal(o.status, 'checked', o.status === 'error' ? o.cause : '');
  return o as Extract<RefreshOutcome, { status: 'checked' }>;
}

describe('remembered checks', () => {
  test('304 re-checks reuse the verdict; an edited lockfile and a changed card are checked afresh', async (t) => {
    const dir = tempDir(t);
    agent.setVersion('base');
    const pinned = await cli(
      [
        'pin',
        agent.url,
        '--skill',
        'itinerary-pricing',
        '--input',
        'application/json',
        '--output',
        'application/json',
        '--streaming',
        '--out',
        'p.a2a-lock.json',
      ],
      dir,
    );
    assert.equal(pinned.code, 0, pinned.stderr);
    const lockPath = `${dir}/p.a2a-lock.json`;
    const http = createHttpClient();
    t.after(() => http.close());
    const cache = new MemoryCardCache();
    const readText = async (p: string) => readFileSync(p, 'utf8');
    const run = async () =>
      checked(
        await refreshLockfile(lockPath, {
          loader: createCardLoader({ source: httpCardSource(http, { allow: new Set(['loopback'] as const) }), cache }),
          readText,
          resolveAgent,
        }),
      );

    agent.setVersion('no-streaming');
    const first = await run();
    const second = await run();
    assert.equal(first.unchanged, false);
    assert.equal(second.unchanged, true);
    assert.equal(first.result.classification, 'breaking');
    assert.deepEqual(second.result, first.result);
    assert.notEqual(second.result.problems, first.result.problems, 'each outcome owns its arrays');
    second.result.problems.length = 0;
    second.result.notes.push({ level: 'note', pointer: '', message: 'added by a caller' });
    const third = await run();
    assert.deepEqual(third.result, first.result, 'a caller editing its result does not change the remembered one');

    // The workflow stops needing streaming: same card (304), new lockfile text → a new check.
    const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
    lock.requires.streaming = false;
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    const edited = await run();
    assert.equal(edited.unchanged, true);
    assert.notEqual(edited.result.classification, 'breaking');

    // The card changes back (200, new profile): checked again, not answered from the memo.
    agent.setVersion('base');
    const back = await run();
    assert.equal(back.unchanged, false);
    assert.equal(back.result.classification, 'compatible');
  });
});
