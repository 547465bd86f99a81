/**
 * `a2acap check --live` reads the stale markers a workflow process wrote (node/fileStaleMarkers.ts):
 * default `.a2a/stale.json` under the current directory, or --stale-markers FILE. A marked agent is
 * re-checked (a note says why) and its marker cleared; other markers stay; bad files never crash.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { UsageError } from '../../server/src/cli/io';
import { fileStaleMarkers } from '../../server/src/node/fileStaleMarkers';
import { checkCli, cli, tempDir } from './helpers';

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
      '--output',
      'application/json',
      '--out',
      'pricing.a2a-lock.json',
    ],
    dir,
  );
  assert.equal(r.code, 0, r.stderr);
}

const reasons = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')).markers.map((m: { reason: string }) => m.reason);

test('the default .a2a/stale.json: the marked agent is re-checked with a note, its marker cleared, others kept', async (t) => {
  const dir = tempDir(t);
  await pin(dir);
  const plain = JSON.parse((await checkCli(['pricing.a2a-lock.json', '--live'], dir)).stdout);
  assert.deepEqual(plain.notes, [], 'no markers file: no note');

  mkdirSync(join(dir, '.a2a'));
  const file = join(dir, '.a2a', 'stale.json');
  const workflow = fileStaleMarkers(file);
  workflow.mark(agent.url, 'ContentTypeNotSupported: text/plain refused', '2026-11-30T10:00:00.000Z');
  workflow.mark('http://127.0.0.1:9/', 'another agent', '2026-11-30T10:00:00.000Z');
  await workflow.flush();

  const r = await checkCli(['pricing.a2a-lock.json', '--live'], dir);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.classification, 'compatible');
  assert.match(
    report.notes.map((n: { message: string }) => n.message).join('\n'),
    /re-checked because calls contradicted the profile: ContentTypeNotSupported: text\/plain refused \(1× since 2026-11-30T10:00:00\.000Z\)/,
  );
  assert.deepEqual(reasons(file), ['another agent']);
  const again = JSON.parse((await checkCli(['pricing.a2a-lock.json', '--live'], dir)).stdout);
  assert.deepEqual(again.notes, [], 'cleared: the next check is an ordinary one');
});

test('--stale-markers FILE; a missing named file is a usage error; a corrupt file is no markers', async (t) => {
  const dir = tempDir(t);
  await pin(dir);
  const file = join(dir, 'markers.json');
  const workflow = fileStaleMarkers(file);
  workflow.mark(agent.cardUrl, 'VersionNotSupported', '2026-11-30T10:00:00.000Z');
  await workflow.flush();
  const r = await checkCli(['pricing.a2a-lock.json', '--live', '--stale-markers', 'markers.json'], dir);
  assert.match(JSON.parse(r.stdout).notes[0].message, /VersionNotSupported/);
  assert.deepEqual(reasons(file), []);

  await assert.rejects(
    checkCli(['pricing.a2a-lock.json', '--live', '--stale-markers', 'nope.json'], dir),
    (e: unknown) => e instanceof UsageError && /cannot read nope\.json \(no such file\)/.test(e.message),
  );
  await assert.rejects(
    checkCli(['pricing.a2a-lock.json', '--card', 'x.json', '--stale-markers', 'markers.json'], dir),
    UsageError,
  );

  writeFileSync(file, '{"markers": [ {"agent": ');
  const corrupt = await checkCli(['pricing.a2a-lock.json', '--live', '--stale-markers', 'markers.json'], dir);
  assert.equal(corrupt.code, 0, corrupt.stderr);
  assert.deepEqual(JSON.parse(corrupt.stdout).notes, []);
});

test('through the real CLI binary: exit codes unchanged, the markers file updated', async (t) => {
  const dir = tempDir(t);
  await pin(dir);
  mkdirSync(join(dir, '.a2a'));
  const file = join(dir, '.a2a', 'stale.json');
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      markers: [
        { agent: agent.cardUrl, reason: 'streaming refused at runtime', at: '2026-11-30T10:00:00.000Z', count: 3 },
      ],
    }),
  );
  agent.setVersion('narrowed-input');
  const r = await cli(['check', 'pricing.a2a-lock.json', '--live', '--format', 'text'], dir);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /re-checked because calls contradicted the profile: streaming refused at runtime \(3× since/);
  assert.deepEqual(reasons(file), []);
});
