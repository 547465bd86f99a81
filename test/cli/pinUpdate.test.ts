/** `a2acap pin` determinism and errors, and `a2acap update` (show the diff, re-pin only with --yes). */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { cli, tempDir } from './helpers';

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent();
});
after(async () => {
  await agent.close();
});

const PIN = ['--skill', 'itinerary-pricing', '--input', 'text/plain', '--streaming', '--out', 'p.a2a-lock.json'];

test('pin twice → identical bytes; the re-pin leaves the file untouched and says so', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  const first = await cli(['pin', agent.url, ...PIN], dir);
  assert.equal(first.code, 0, first.stderr);
  const path = join(dir, 'p.a2a-lock.json');
  const bytes = readFileSync(path, 'utf8');
  const mtime = statSync(path).mtimeMs;
  const second = await cli(['pin', agent.url, ...PIN], dir);
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stderr, /already up to date/);
  assert.equal(readFileSync(path, 'utf8'), bytes);
  assert.equal(statSync(path).mtimeMs, mtime, 'not even rewritten');
  assert.ok(bytes.endsWith('}\n') && !bytes.endsWith('\n\n'));
  assert.match(bytes, /^\{\n {2}"agent": /);
});

test('pin to stdout; a description edit re-pins to new digest but same requirements', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  const a = await cli(['pin', agent.cardUrl, '--skill', 'itinerary-pricing'], dir);
  agent.setVersion('description');
  const b = await cli(['pin', agent.cardUrl, '--skill', 'itinerary-pricing'], dir);
  const [la, lb] = [JSON.parse(a.stdout), JSON.parse(b.stdout)];
  assert.notEqual(la.card_digest, lb.card_digest);
  assert.deepEqual(la.requires, lb.requires);
});

test('pin from a card file records the path relative to the lockfile', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'pricing.agent-card.json'), JSON.stringify(pricingCard('http://127.0.0.1:9', 'base')));
  const r = await cli(
    ['pin', 'pricing.agent-card.json', '--skill', 'currency-convert', '--out', 'locks/c.a2a-lock.json'],
    dir,
  );
  // the directory does not exist: a clear error, nothing written
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^a2acap pin: .*ENOENT/);
  const ok = await cli(
    ['pin', 'pricing.agent-card.json', '--skill', 'currency-convert', '--out', 'c.a2a-lock.json'],
    dir,
  );
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(JSON.parse(readFileSync(join(dir, 'c.a2a-lock.json'), 'utf8')).agent, 'pricing.agent-card.json');
});

const errors: [string, string[], RegExp][] = [
  ['no --skill', [], /name at least one --skill/],
  [
    'an unknown skill',
    ['--skill', 'nope'],
    /unknown skill "nope"; the card offers: "currency-convert", "itinerary-pricing"/,
  ],
  [
    'an input the skill does not accept',
    ['--skill', 'itinerary-pricing', '--input', 'image/png'],
    /does not accept "image\/png"/,
  ],
  [
    'an undeclared extension',
    ['--skill', 'itinerary-pricing', '--extension', 'https://example.com/x/v1'],
    /extension "https:\/\/example.com\/x\/v1" is not declared/,
  ],
];
for (const [name, args, message] of errors) {
  test(`pin with ${name}: exit 2, one line`, async (t) => {
    const dir = tempDir(t);
    agent.setVersion('base');
    const r = await cli(['pin', agent.url, ...args], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.equal(r.stdout, '');
  });
}

test('pin an unreachable agent or a missing file: exit 2 with the cause', async (t) => {
  const dir = tempDir(t);
  const closed = agent.url.replace(/:\d+$/, ':1');
  const r = await cli(['pin', closed, '--skill', 'x'], dir);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /127\.0\.0\.1:1.*ECONNREFUSED/);
  const f = await cli(['pin', 'nope.json', '--skill', 'x'], dir);
  assert.equal(f.code, 2);
  assert.match(f.stderr, /cannot read the card \(no such file\)/);
});

test('update: shows the profile diff; without --yes exit 1 and nothing written; with --yes re-pinned', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  assert.equal((await cli(['pin', agent.url, ...PIN], dir)).code, 0);
  const path = join(dir, 'p.a2a-lock.json');
  const before = readFileSync(path, 'utf8');
  const upToDate = await cli(['update', 'p.a2a-lock.json'], dir);
  assert.equal(upToDate.code, 0);
  assert.match(upToDate.stdout, /is up to date/);

  agent.setVersion('version');
  const shown = await cli(['update', 'p.a2a-lock.json'], dir);
  assert.equal(shown.code, 1);
  assert.match(shown.stdout, /^p\.a2a-lock\.json: review\n/);
  assert.match(shown.stdout, /agent_version.*3\.2\.0.*3\.3\.0/);
  assert.match(shown.stdout, /update is pending/);
  assert.equal(readFileSync(path, 'utf8'), before);

  const yes = await cli(['update', 'p.a2a-lock.json', '--yes'], dir);
  assert.equal(yes.code, 0, yes.stderr);
  const after = JSON.parse(readFileSync(path, 'utf8'));
  assert.equal(after.agent_version, '3.3.0');
  assert.deepEqual(after.requires, JSON.parse(before).requires);
  assert.equal((await cli(['update', 'p.a2a-lock.json'], dir)).code, 0, 'and now it is up to date');
});

test('update refuses a breaking change (exit 2) and leaves the lockfile as it was', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  assert.equal((await cli(['pin', agent.url, ...PIN], dir)).code, 0);
  const before = readFileSync(join(dir, 'p.a2a-lock.json'), 'utf8');
  agent.setVersion('narrowed-input');
  const r = await cli(['update', 'p.a2a-lock.json', '--yes'], dir);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /cannot update: skill "itinerary-pricing" does not accept "text\/plain"[^\n]*; pin a new selection with 'a2acap pin'\n$/,
  );
  assert.equal(readFileSync(join(dir, 'p.a2a-lock.json'), 'utf8'), before);
});

test('update on a corrupt lockfile: exit 2, one line', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'x.a2a-lock.json'), '[]');
  const r = await cli(['update', 'x.a2a-lock.json'], dir);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^a2acap update: x\.a2a-lock\.json: corrupt lockfile: [^\n]*array[^\n]*\n$/i);
});

test('pin --probe records the safe probes about pinned claims; a re-pin with fresh probes changes nothing', async (t) => {
  const dir = tempDir(t);
  agent.setVersion('base');
  const r = await cli(['pin', agent.url, ...PIN, '--probe'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /probe streaming: verified/);
  const lock = JSON.parse(readFileSync(join(dir, 'p.a2a-lock.json'), 'utf8'));
  assert.deepEqual(Object.keys(lock.verified).sort(), ['streaming', 'version']);
  assert.equal(lock.verified.streaming.result, 'verified');
  assert.equal(lock.verified.streaming.probe, 'streaming');
  assert.match(lock.verified.streaming.detail, /TaskNotFound/);
  const bytes = readFileSync(join(dir, 'p.a2a-lock.json'), 'utf8');
  const again = await cli(['pin', agent.url, ...PIN, '--probe'], dir);
  assert.match(again.stderr, /already up to date/);
  assert.equal(readFileSync(join(dir, 'p.a2a-lock.json'), 'utf8'), bytes);
});
