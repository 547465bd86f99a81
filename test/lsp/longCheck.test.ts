/**
 * A long lockfile check does not stop the server answering: hovers sent while a lockfile of tens of thousands of
 * pinned skills is checked against a wide card are answered in a fraction of the check's time (the check pauses
 * between steps), not after it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startLsp, type LspSession } from './harness';
import { manyPinsLockfile, manySkillsCard } from '../wideCard';

let s: LspSession;

before(async () => {
  s = await startLsp({ initializationOptions: { validationDelayMs: 0 }, settings: { maxCardBytes: 4 * 1024 * 1024 } });
});
after(async () => {
  await s.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('hovers are answered while a long lockfile check runs', async (t) => {
  const cardUri = 'file:///ws/long/agent-card.json';
  await s.open(cardUri, 'a2a-agent-card', manySkillsCard(17_000));
  await s.diagnostics(cardUri, 60_000);
  const hoverAt = { line: 0, character: 3 };
  await s.hover(cardUri, hoverAt); // warm
  const lockUri = 'file:///ws/long/a2a-lock.json';
  const opened = performance.now();
  await s.open(lockUri, 'a2a-lockfile', manyPinsLockfile(PINS, 'p', 'Wide'));
  let done = false;
  const published = s.diagnostics(lockUri, 120_000).then((d) => {
    done = true;
    return d;
  });
  const latencies: number[] = [];
  while (!done) {
    const sent = performance.now();
    await s.hover(cardUri, hoverAt);
    if (!done) latencies.push(performance.now() - sent);
    await sleep(20);
  }
  const diagnostics = await published;
  const total = performance.now() - opened;
  const median = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)] ?? Infinity;
  const what = `${latencies.length} hovers answered during a ${Math.round(total)} ms check, median ${Math.round(median)} ms`;
  t.diagnostic(what);
  // Without pauses the server answered 2 hovers in 9 s (each waited for the whole check).
  assert.ok(latencies.length >= 5, what);
  assert.ok(median < total / 4, what);
  assert.equal(diagnostics.filter((d) => d.code === 'lockfile-breaking').length, 100, 'capped like lint findings');
  assert.equal(diagnostics.filter((d) => d.code === 'findings-left-out').length, 1);
});

const PINS = 40_000;
