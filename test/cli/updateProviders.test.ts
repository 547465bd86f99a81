/**
 * `a2acap update LOCK...` across providers: grouped by provider (found_via.identifier, else the agent's origin),
 * --provider, --yes for compatible and review updates only, --accept-breaking, --format json and --body-file, with
 * two real agents on loopback.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { cli, tempDir } from './helpers';

let a: PricingAgent;
let b: PricingAgent;
before(async () => {
  [a, b] = await Promise.all([startPricingAgent(), startPricingAgent()]);
});
after(async () => {
  await Promise.all([a.close(), b.close()]);
});

const SKILL = ['--skill', 'itinerary-pricing', '--input', 'text/plain'];

/** a1 and a2 pin agent a, b1 pins agent b; both agents serve their base card. */
async function pinned(t: { after: (fn: () => void) => void }): Promise<string> {
  const dir = tempDir(t, 'a2a-update-');
  a.setVersion('base');
  b.setVersion('base');
  for (const [name, agent] of [
    ['a1', a],
    ['a2', a],
    ['b1', b],
  ] as const) {
    const r = await cli(['pin', agent.url, ...SKILL, '--out', `${name}.a2a-lock.json`], dir);
    assert.equal(r.code, 0, r.stderr);
  }
  return dir;
}

const LOCKS = ['a1.a2a-lock.json', 'a2.a2a-lock.json', 'b1.a2a-lock.json'];
const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');

test('grouped by provider: the origin of each agent, its branch, its lockfiles; nothing written without --yes', async (t) => {
  const dir = await pinned(t);
  a.setVersion('version');
  const before = LOCKS.map((l) => read(dir, l));
  const r = await cli(['update', ...LOCKS, '--live', '--format', 'json'], dir);
  assert.equal(r.code, 1, r.stderr);
  const { providers } = JSON.parse(r.stdout);
  assert.deepEqual(
    providers.map((p: { provider: string; classification: string; changed: boolean }) => [
      p.provider,
      p.classification,
      p.changed,
    ]),
    [
      [a.url, 'review', true],
      [b.url, 'compatible', false],
    ],
  );
  assert.deepEqual(
    providers[0].lockfiles.map((l: { path: string; status: string }) => [l.path, l.status]),
    [
      ['a1.a2a-lock.json', 'pending'],
      ['a2.a2a-lock.json', 'pending'],
    ],
  );
  assert.match(providers[0].branch, /^a2acap\/update\/http-127\.0\.0\.1-\d+-[0-9a-f]{8}$/);
  const descriptive = providers[0].changes.agent.descriptive.map((e: { pointer: string }) => e.pointer);
  assert.deepEqual(descriptive, ['/card_digest', '/agent_version', '/card_digest', '/agent_version']);
  assert.deepEqual(
    LOCKS.map((l) => read(dir, l)),
    before,
  );
});

test('--provider KEY --yes rewrites only that provider’s lockfiles; an unknown provider is a usage error', async (t) => {
  const dir = await pinned(t);
  a.setVersion('version');
  b.setVersion('version');
  const bBefore = read(dir, 'b1.a2a-lock.json');
  const r = await cli(['update', ...LOCKS, '--provider', a.url, '--yes'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^provider http:\/\/127\.0\.0\.1:\d+ \(branch a2acap\/update\/[^)]+\): review\n/);
  assert.match(r.stdout, /updated a1\.a2a-lock\.json\n[\s\S]*updated a2\.a2a-lock\.json\n/);
  assert.equal(JSON.parse(read(dir, 'a1.a2a-lock.json')).agent_version, '3.3.0');
  assert.equal(read(dir, 'b1.a2a-lock.json'), bBefore);
  const unknown = await cli(['update', ...LOCKS, '--provider', 'nobody'], dir);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--provider "nobody": no lockfile of that provider; providers: "http:\/\/127/);
});

test('found_via.identifier is the provider when the lockfile has one', async (t) => {
  const dir = await pinned(t);
  for (const name of ['a1.a2a-lock.json', 'b1.a2a-lock.json']) {
    const lock = JSON.parse(read(dir, name));
    lock.found_via = { catalog: 'https://catalog.example/ai-catalog.json', identifier: 'acme/pricing' };
    writeFileSync(join(dir, name), JSON.stringify(lock, null, 2));
  }
  const r = await cli(['update', ...LOCKS, '--format', 'json'], dir);
  const { providers } = JSON.parse(r.stdout);
  assert.deepEqual(
    providers.map((p: { provider: string; lockfiles: { path: string }[] }) => [
      p.provider,
      p.lockfiles.map((l) => l.path),
    ]),
    [
      ['acme/pricing', ['a1.a2a-lock.json', 'b1.a2a-lock.json']],
      [a.url, ['a2.a2a-lock.json']],
    ],
  );
  assert.match(providers[0].branch, /^a2acap\/update\/acme-pricing-[0-9a-f]{8}$/);
});

test('--body-file: lockfiles and skills affected, structural apart from descriptive changes', async (t) => {
  const dir = await pinned(t);
  a.setVersion('description');
  const r = await cli(['update', 'a1.a2a-lock.json', '--yes', '--body-file', 'body.md'], dir);
  assert.equal(r.code, 0, r.stderr);
  const body = read(dir, 'body.md');
  assert.match(body, /^## A2A capability update: http&#58;\/\/127\.0\.0\.1:\d+\n/);
  assert.match(body, /✅ \*\*compatible\*\*/);
  assert.match(body, /\| a1\.a2a-lock\.json \| compatible \| updated \|/);
  assert.match(
    body,
    /\*\*Descriptive changes \(text and version only\)\*\*\n\n- \*\*note\*\* the card changed since it was pinned/,
  );
  assert.doesNotMatch(body, /Structural changes/);
  assert.doesNotMatch(body, /approved-breaking-change/);
  // a second run with nothing changed: the body says so, the lockfile stays
  const again = await cli(['update', 'a1.a2a-lock.json', '--yes', '--body-file', 'body.md'], dir);
  assert.equal(again.code, 0);
  assert.match(read(dir, 'body.md'), /\| up to date \|/);
});

test('a breaking change: not rewritten without --accept-breaking (exit 2); accepted, it pins what is offered now', async (t) => {
  const dir = await pinned(t);
  a.setVersion('narrowed-input');
  const before = read(dir, 'a1.a2a-lock.json');
  const held = await cli(
    ['update', 'a1.a2a-lock.json', 'b1.a2a-lock.json', '--yes', '--format', 'json', '--body-file', 'body.md'],
    dir,
  );
  assert.equal(held.code, 2);
  const { providers } = JSON.parse(held.stdout);
  assert.equal(providers[0].classification, 'breaking');
  assert.equal(providers[0].lockfiles[0].status, 'breaking');
  assert.match(providers[0].lockfiles[0].loses[0].message, /no longer accepts "text\/plain"/);
  assert.equal(read(dir, 'a1.a2a-lock.json'), before);
  const body = read(dir, 'body.md');
  assert.match(body, /❌ \*\*breaking\*\*/);
  assert.match(body, /Not rewritten[\s\S]*--accept-breaking[\s\S]*`approved-breaking-change`/);
  assert.match(
    body,
    /### Skill “itinerary-pricing”\n\n\*\*Structural changes[^\n]*\n\n- \*\*breaking\*\* skill &quot;itinerary-pricing&quot; no longer accepts &quot;text\/plain&quot;/,
  );

  const usage = await cli(['update', 'a1.a2a-lock.json', '--accept-breaking'], dir);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--accept-breaking rewrites lockfiles: it applies with --yes/);

  const accepted = await cli(
    ['update', 'a1.a2a-lock.json', '--yes', '--accept-breaking', '--body-file', 'body.md'],
    dir,
  );
  assert.equal(accepted.code, 0, accepted.stderr);
  assert.match(
    accepted.stdout,
    /accepted a breaking change: a1\.a2a-lock\.json now pins what the agent offers; the workflow loses:\n {2}- skill "itinerary-pricing" no longer accepts "text\/plain"/,
  );
  const lock = JSON.parse(read(dir, 'a1.a2a-lock.json'));
  assert.deepEqual(lock.requires.skills['itinerary-pricing'].input, ['application/json']);
  assert.match(
    read(dir, 'body.md'),
    /now pin what the agent offers now\. The workflow loses:\n\n- skill[^\n]*text\/plain/,
  );
  assert.equal((await cli(['update', 'a1.a2a-lock.json'], dir)).code, 0, 'and now it is up to date');
});

test('an unreachable agent: the other lockfiles still go through, the lockfile is named on stderr, exit 2', async (t) => {
  const dir = await pinned(t);
  const lock = JSON.parse(read(dir, 'b1.a2a-lock.json'));
  lock.agent = 'http://127.0.0.1:1/';
  writeFileSync(join(dir, 'b1.a2a-lock.json'), JSON.stringify(lock, null, 2));
  a.setVersion('version');
  const r = await cli(['update', 'a1.a2a-lock.json', 'b1.a2a-lock.json', '--yes'], dir);
  assert.equal(r.code, 2);
  assert.match(r.stdout, /updated a1\.a2a-lock\.json/);
  assert.match(r.stderr, /^a2acap update: b1\.a2a-lock\.json: [^\n]*ECONNREFUSED/);
  const json = await cli(['update', 'b1.a2a-lock.json', '--format', 'json'], dir);
  assert.equal(json.code, 2);
  assert.equal(JSON.parse(json.stdout).providers[0].classification, 'error');
});

test('--body-file refuses to replace a file that is not a body, before any agent is called', async (t) => {
  const dir = await pinned(t);
  writeFileSync(join(dir, 'notes.md'), '# my notes\n');
  const r = await cli(['update', 'a1.a2a-lock.json', '--body-file', 'notes.md'], dir);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--body-file notes\.md: /);
  assert.equal(read(dir, 'notes.md'), '# my notes\n');
  const missing = await cli(['update', 'a1.a2a-lock.json', '--body-file', 'no/such/body.md'], dir);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /its folder does not exist/);
});

test('the body of a hostile card and provider: no markup, link, mention or credential gets through', async (t) => {
  const dir = tempDir(t, 'a2a-update-');
  const id =
    'pay</td><img src=x onerror=alert(1)> @everyone [go](https://user:hunter2secretpw@evil.example/x)\n# Approved';
  const card = (inputs: string[]) =>
    JSON.stringify({
      name: 'Hostile',
      description: 'x',
      version: '1.0.0',
      supportedInterfaces: [{ url: 'https://agent.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id, name: 'Pay', description: 'Pays.', tags: ['pay'], inputModes: inputs }],
    });
  writeFileSync(join(dir, 'hostile.agent-card.json'), card(['text/plain', 'application/json']));
  const pin = await cli(['pin', 'hostile.agent-card.json', '--skill', id, '--out', 'h.a2a-lock.json'], dir);
  assert.equal(pin.code, 0, pin.stderr);
  const lock = JSON.parse(read(dir, 'h.a2a-lock.json'));
  lock.found_via = {
    catalog: 'https://catalog.example/ai-catalog.json',
    identifier: '<b>acme</b> @org/team https://admin:tokentoken123@catalog.example/ `x` ![i](https://t.example/p.png)',
  };
  writeFileSync(join(dir, 'h.a2a-lock.json'), JSON.stringify(lock, null, 2));
  writeFileSync(join(dir, 'hostile.agent-card.json'), card(['application/json']));
  const r = await cli(['update', 'h.a2a-lock.json', '--format', 'json', '--body-file', 'body.md'], dir);
  assert.equal(r.code, 2, r.stderr);
  const body = read(dir, 'body.md');
  for (const output of [body, r.stdout]) {
    assert.doesNotMatch(output, /hunter2secretpw|tokentoken123/, 'no credential');
  }
  assert.doesNotMatch(body, /<(?:img|b|td|\/td)\b/i, 'no HTML');
  assert.doesNotMatch(body, /@(?:everyone|org)/, 'no mention');
  assert.doesNotMatch(body, /\]\(/, 'no link');
  assert.doesNotMatch(body, /https?:\/\//, 'no autolink');
  assert.doesNotMatch(body, /\n# Approved/, 'no heading from a skill id');
  assert.match(body, /^## A2A capability update: &lt;b&gt;acme/);
});
