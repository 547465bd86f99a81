/**
 * `a2acap check` output formats and exit codes over several lockfiles at once: one compatible, one
 * breaking, one corrupt, one whose agent is unreachable. SARIF is validated against the SARIF 2.1.0 schema.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { serializeLockfile } from '../../server/src/core/pin/serialize';
import type { Lockfile } from '../../server/src/core/types';
import { sarifErrors } from './sarifSchema';
import { checkCli, cli, tempDir } from './helpers';

let agent: PricingAgent;
let junk: Server;
let junkUrl = '';
let closedUrl = '';
before(async () => {
  agent = await startPricingAgent();
  // An "agent" that answers with something that is not a card, and a port where nobody listens.
  junk = createServer((req, res) => {
    if (req.url === '/not-json') {
      res.setHeader('content-type', 'application/json');
      res.end('{"name": "x",');
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ name: 'no interfaces', description: 'x', version: '1' }));
  });
  await new Promise<void>((r) => junk.listen(0, '127.0.0.1', r));
  junkUrl = `http://127.0.0.1:${(junk.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/.well-known/agent-card.json`;
  await new Promise<void>((r) => probe.close(() => r()));
});
after(async () => {
  await agent.close();
  await new Promise<void>((r) => junk.close(() => r()));
});

function lockFor(agentUrl: string, extra: Partial<Lockfile['requires']> = {}): Lockfile {
  return {
    agent: agentUrl,
    pinned_at: '2026-10-02T08:00:00.000Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    requires: { skills: { 'itinerary-pricing': { input: ['text/plain'], output: ['application/json'] } }, ...extra },
  };
}

/** Four lockfiles: ok.a2a-lock.json (compatible), stream.a2a-lock.json (breaking once streaming is gone), bad (corrupt), down (unreachable). */
async function workspace(t: { after: (fn: () => void) => void }): Promise<string> {
  const dir = tempDir(t);
  agent.setVersion('base');
  assert.equal(
    (await cli(['pin', agent.url, '--skill', 'itinerary-pricing', '--out', 'ok.a2a-lock.json'], dir)).code,
    0,
  );
  assert.equal(
    (await cli(['pin', agent.url, '--skill', 'itinerary-pricing', '--streaming', '--out', 'stream.a2a-lock.json'], dir))
      .code,
    0,
  );
  writeFileSync(join(dir, 'bad.a2a-lock.json'), '{\n  "agent": 42\n}\n');
  writeFileSync(join(dir, 'down.a2a-lock.json'), serializeLockfile(lockFor(closedUrl)));
  agent.setVersion('no-streaming');
  return dir;
}

test('exit codes: 0 all compatible, 1 breaking, 2 on any error (corrupt lockfile, unreachable agent)', async (t) => {
  const dir = await workspace(t);
  assert.equal((await checkCli(['--live', 'ok.a2a-lock.json'], dir)).code, 0);
  assert.equal((await checkCli(['--live', 'ok.a2a-lock.json', 'stream.a2a-lock.json'], dir)).code, 1);
  assert.equal((await checkCli(['--live', 'ok.a2a-lock.json', 'bad.a2a-lock.json'], dir)).code, 2);
  assert.equal((await checkCli(['--live', 'down.a2a-lock.json'], dir)).code, 2);
  assert.equal((await checkCli(['--live', 'missing.a2a-lock.json'], dir)).code, 2);
});

test('an invalid card or a card that is not JSON is an error, never compatible', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'a.a2a-lock.json'), serializeLockfile(lockFor(`${junkUrl}/not-json`)));
  writeFileSync(join(dir, 'b.a2a-lock.json'), serializeLockfile(lockFor(`${junkUrl}/invalid`)));
  const r = await checkCli(['--live', 'a.a2a-lock.json', 'b.a2a-lock.json'], dir);
  assert.equal(r.code, 2);
  const report = JSON.parse(r.stdout);
  assert.deepEqual(
    report.results.map((x: { stage: string }) => x.stage),
    ['card', 'card'],
  );
  assert.match(report.results[0].error, /not valid JSON/);
  assert.match(report.results[1].error, /not a valid A2A 1\.0 agent card/);
  assert.deepEqual(report.summary, { total: 2, compatible: 0, review: 0, breaking: 0, error: 2 });
});

test('json: worst classification, problems with their file, per-lockfile results in argument order', async (t) => {
  const dir = await workspace(t);
  const checked = JSON.parse(
    (await checkCli(['--live', 'stream.a2a-lock.json', 'ok.a2a-lock.json', '--format', 'json'], dir)).stdout,
  );
  assert.equal(checked.classification, 'breaking');
  const r = await checkCli(
    [
      '--live',
      'stream.a2a-lock.json',
      'ok.a2a-lock.json',
      'bad.a2a-lock.json',
      'down.a2a-lock.json',
      '--format',
      'json',
    ],
    dir,
  );
  const report = JSON.parse(r.stdout);
  // A lockfile that could not be checked makes the top level "error", as in `check --card` (never hidden by the others).
  assert.equal(report.classification, 'error');
  assert.deepEqual(
    report.problems.map((p: { file: string; pointer: string }) => [p.file, p.pointer]),
    [['stream.a2a-lock.json', '/requires/streaming']],
  );
  assert.deepEqual(
    report.results.map((x: { file: string; classification?: string; stage?: string }) => [
      x.file,
      x.classification ?? x.stage,
    ]),
    [
      ['stream.a2a-lock.json', 'breaking'],
      ['ok.a2a-lock.json', 'compatible'],
      ['bad.a2a-lock.json', 'lockfile'],
      ['down.a2a-lock.json', 'fetch'],
    ],
  );
  assert.match(report.results[2].error, /corrupt lockfile: \/agent: /);
  assert.match(report.results[3].error, /127\.0\.0\.1:\d+.*ECONNREFUSED/);
});

test('text: one aligned line per lockfile, problems indented, a summary line', async (t) => {
  const dir = await workspace(t);
  const r = await checkCli(
    ['--live', 'ok.a2a-lock.json', 'stream.a2a-lock.json', 'bad.a2a-lock.json', '--format', 'text'],
    dir,
  );
  const lines = r.stdout.split('\n');
  assert.match(lines[0]!, /^compatible {2}ok\.a2a-lock\.json$/);
  assert.match(lines[1]!, /^ {4}note {5}\/card_digest {2}the card changed since it was pinned/);
  const at = lines.findIndex((l) => /^breaking {4}stream\.a2a-lock\.json$/.test(l));
  assert.ok(at > 0, r.stdout);
  assert.match(lines[at + 1]!, /^ {4}breaking \/requires\/streaming {2}the lock needs streaming/);
  assert.ok(
    lines.some((l) => /^error {7}bad\.a2a-lock\.json$/.test(l)),
    r.stdout,
  );
  assert.match(r.stdout, /3 lockfiles: 1 compatible, 0 review, 1 breaking, 1 error\n$/);
  assert.ok(!r.stdout.includes('\u001b['), 'no colour when not a TTY');
});

test('markdown: a PR-comment summary with a table and the problems, untrusted text escaped', async (t) => {
  const dir = await workspace(t);
  writeFileSync(
    join(dir, 'evil.a2a-lock.json'),
    serializeLockfile({
      ...lockFor(agent.cardUrl),
      requires: { skills: { '<img src=x>|@team': { input: [], output: [] } } },
    }),
  );
  const r = await checkCli(
    ['--live', 'ok.a2a-lock.json', 'stream.a2a-lock.json', 'evil.a2a-lock.json', '--format', 'markdown'],
    dir,
  );
  assert.match(
    r.stdout,
    /^### A2A capability lockfiles\n\n3 checked: 1 compatible, 0 to review, 2 breaking, 0 errors\./,
  );
  assert.match(r.stdout, /\| ✅ \| ok\.a2a-lock\.json \| compatible \|/);
  assert.match(r.stdout, /\| ❌ \| stream\.a2a-lock\.json \| breaking \| the lock needs streaming/);
  assert.match(r.stdout, /<details><summary>stream\.a2a-lock\.json: breaking<\/summary>/);
  assert.doesNotMatch(r.stdout, /(^|[^\\])(<img|@team)/, 'card/lockfile strings cannot inject HTML or mentions');
  assert.match(
    r.stdout,
    /&lt;img src=x&gt;\\\|&#64;&#8203;team/,
    'they are shown escaped (test/core/check/report/markdownEscape.test.ts renders them)',
  );
});

test('sarif: valid SARIF 2.1.0, results located at the lockfile members they are about', async (t) => {
  const dir = await workspace(t);
  const r = await checkCli(
    ['--live', 'ok.a2a-lock.json', 'stream.a2a-lock.json', 'bad.a2a-lock.json', '--format', 'sarif'],
    dir,
  );
  assert.equal(r.code, 2);
  const log = JSON.parse(r.stdout);
  assert.deepEqual(sarifErrors(log), []);
  const results = log.runs[0].results;
  const breaking = results.find((x: { ruleId: string }) => x.ruleId === 'lockfile-breaking');
  assert.equal(breaking.level, 'error');
  assert.equal(breaking.locations[0].physicalLocation.artifactLocation.uri, 'stream.a2a-lock.json');
  // serialized lockfile: line 1 "{", then sorted keys; "streaming" is a member of "requires"
  const text = (await import('node:fs')).readFileSync(join(dir, 'stream.a2a-lock.json'), 'utf8').split('\n');
  const region = breaking.locations[0].physicalLocation.region;
  assert.match(text[region.startLine - 1]!, /"streaming": true/);
  assert.equal(text[region.startLine - 1]!.slice(region.startColumn - 1, region.endColumn - 1), 'true');
  const error = results.find((x: { ruleId: string }) => x.ruleId === 'lockfile-error');
  assert.equal(error.locations[0].physicalLocation.artifactLocation.uri, 'bad.a2a-lock.json');
  assert.equal(error.locations[0].physicalLocation.region.startLine, 2, 'the corrupt member "agent" is on line 2');
  // and the validator is not a rubber stamp
  assert.notDeepEqual(sarifErrors({ ...log, version: '2.0.0' }), []);
  assert.notDeepEqual(sarifErrors({ version: '2.1.0', runs: [{ results: [] }] }), []);
});

test('`a2acap check` prints every format for --live checks', async (t) => {
  const dir = await workspace(t);
  const live = await cli(['check', 'ok.a2a-lock.json', 'stream.a2a-lock.json', '--live', '--format', 'text'], dir);
  assert.equal(live.code, 1);
  assert.match(live.stdout, /2 lockfiles: 1 compatible, 0 review, 1 breaking, 0 errors/);
  const md = await cli(['check', 'ok.a2a-lock.json', '--live', '--format', 'markdown'], dir);
  assert.equal(md.code, 0);
  assert.match(md.stdout, /^### A2A capability lockfiles/);
  const sarif = await cli(['check', 'stream.a2a-lock.json', '--live', '--format=sarif'], dir);
  assert.equal(sarif.code, 1);
  assert.deepEqual(sarifErrors(JSON.parse(sarif.stdout)), []);
});

test('--max-card-bytes caps live card downloads: an oversized card is an error (exit 2), never compatible', async (t) => {
  const dir = await workspace(t);
  const r = await checkCli(['ok.a2a-lock.json', '--live', '--max-card-bytes', '100'], dir);
  assert.equal(r.code, 2);
  const report = JSON.parse(r.stdout);
  assert.equal(report.results[0].stage, 'fetch');
  assert.match(report.results[0].error, /100-byte limit/);
});
