// The library façade (server/src/api) against the real SDK agent on loopback: what users of `a2acap` call. The
// core's behaviour is tested where it lives; these tests pin the façade's own wiring (options passed through,
// results mapped, ranges made, errors clear).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cardDigest,
  checkLockfile,
  compileCard,
  createNetworkClient,
  createTrustStore,
  fetchCard,
  fetchExtendedCard,
  lint,
  memoryCardCache,
  memoryExtendedCardCache,
  memoryStaleMarkers,
  probeAgent,
  readLockfile,
  sendToSkill,
  verifySignatures,
  type NetworkClient,
} from '../../server/src/api/index';
import { SDK_TOKENS, startSdkAgent, type SdkAgent } from '../agents/sdkAgent';

const CORPUS = join(__dirname, '..', 'fixtures', 'corpus', 'v1');
let sdk: SdkAgent;
let network: NetworkClient;
before(async () => {
  sdk = await startSdkAgent({ extended: 'per-user', tokens: { [SDK_TOKENS.alice]: 'alice' } });
  network = createNetworkClient({ allowNetwork: ['loopback'] });
});
after(async () => {
  await network.close();
  await sdk.close();
});

describe('the library, pure', () => {
  const text = readFileSync(join(CORPUS, 'a2aproject__A2A__spec-v1.0.1-sample-card.json'), 'utf8');

  it('lint: findings carry rule id, pointer and a range that covers the member; rules change severities', () => {
    const { kind, findings } = lint(text, { fileName: 'agent-card.json' });
    assert.equal(kind, 'card');
    const legacy = findings.find((f) => f.code === 'legacy-card-shape' && f.pointer === '/security')!;
    assert.ok(legacy);
    assert.equal(text.slice(legacy.range.offset, legacy.range.offset + legacy.range.length), '"security"');
    assert.equal(legacy.range.start.line, text.slice(0, legacy.range.offset).split('\n').length - 1);
    assert.equal(
      lint(text, { rules: { 'legacy-card-shape': 'off' } }).findings.some((f) => f.code === 'legacy-card-shape'),
      false,
    );
    assert.equal(
      lint(text, { rules: { 'legacy-card-shape': 'hint' } }).findings.find((f) => f.code === 'legacy-card-shape')
        ?.severity,
      'hint',
    );
  });

  it('lint: card options mark a card internal-only and set the description limits', () => {
    const internal = readFileSync(
      join(__dirname, '..', 'fixtures', 'cards', 'internal-address', 'internal-urls.json'),
      'utf8',
    );
    assert.ok(lint(internal).findings.some((f) => f.code === 'internal-address'));
    assert.ok(!lint(internal, { card: { internalOnly: true } }).findings.some((f) => f.code === 'internal-address'));
    const lengths = (minLength: number) =>
      lint(internal, { card: { skillDescription: { minLength } } }).findings.filter(
        (f) => f.code === 'skill-description-length',
      ).length;
    assert.deepEqual([lengths(0), lengths(1000)], [0, 1]);
  });

  it('compileCard: the client decides the interface; a bad binding is a TypeError that says which', () => {
    const card = JSON.parse(text) as unknown;
    const json = compileCard(card);
    const grpc = compileCard(card, { client: { bindings: ['GRPC@1.0'] } });
    assert.ok(json.usable && grpc.usable);
    assert.equal(json.interface.binding, 'JSONRPC');
    assert.equal(grpc.interface.binding, 'GRPC');
    assert.equal(compileCard(card, { client: { bindings: ['MQTT@1.0'] } }).usable, false);
    assert.throws(
      () => compileCard(card, { client: { bindings: ['JSONRPC'] } }),
      (e: Error) => e instanceof TypeError && /"JSONRPC" is not BINDING@VERSION/.test(e.message),
    );
  });

  it('readLockfile and checkLockfile: text or value in, problems with pointers out', () => {
    assert.deepEqual(readLockfile('{').ok, false);
    const bad = readLockfile({ agent: 1 });
    assert.ok(!bad.ok && bad.problems.every((p) => typeof p.pointer === 'string' && p.message.length > 0));
    const card = JSON.parse(text) as { skills: { id: string }[] };
    const skill = card.skills[0]?.id ?? '';
    const lock = {
      agent: 'https://agent.example',
      pinned_at: '2026-12-01T00:00:00Z',
      card_digest: cardDigest(card),
      requires: { skills: { [skill]: {} } },
    };
    const read = readLockfile(JSON.stringify(lock));
    assert.ok(read.ok);
    assert.equal(checkLockfile(read.lockfile, card).classification, 'compatible');
    const gone = checkLockfile(read.lockfile, { ...card, skills: card.skills.slice(1) });
    assert.equal(gone.classification, 'breaking');
    assert.ok(gone.problems.some((p) => p.pointer.startsWith('/requires/skills/')));
  });
});

describe('the library, live (the real SDK agent on loopback)', () => {
  it('fetchCard: fetched, then cached, then revalidated; the profile and the origin class', async () => {
    const cache = memoryCardCache();
    const first = await fetchCard(sdk.url, { network, cache });
    assert.equal(first.status, 'fetched');
    assert.equal(first.valid, true, JSON.stringify(first.findings));
    assert.equal(first.profile?.usable, true);
    assert.equal(first.originClass, 'loopback');
    assert.equal((await fetchCard(sdk.url, { network, cache })).status, 'cached');
    assert.notEqual((await fetchCard(sdk.url, { network, cache, revalidate: true })).status, 'cached');
  });

  it('fetchCard: an unreachable agent rejects with one clear line', async () => {
    await assert.rejects(
      fetchCard('http://127.0.0.1:1', { network, timeoutMs: 2000 }),
      (e: Error) => !e.message.includes('\n') && e.message.length > 0,
    );
  });

  it('verifySignatures and fetchCard with a trust store: an unsigned card is unverifiable, and requireSigned makes it invalid', async () => {
    const trust = createTrustStore({});
    assert.equal((await verifySignatures(sdk.card, { trust, cardUrl: sdk.url })).outcome, 'unverifiable');
    const fetched = await fetchCard(sdk.url, { network, trust, requireSigned: true });
    assert.equal(fetched.signature?.outcome, 'unverifiable');
    assert.equal(fetched.valid, false);
    assert.equal(fetched.profile, undefined);
  });

  it('fetchExtendedCard: cached per credential identity, never per token; the token never appears', async () => {
    const fetched = await fetchCard(sdk.url, { network });
    assert.ok(fetched.valid);
    const cache = memoryExtendedCardCache();
    const alice = await fetchExtendedCard(fetched, {
      network,
      credential: { token: SDK_TOKENS.alice },
      secret: 'installation-secret',
      cache,
    });
    assert.equal(alice.status, 'extended', alice.message);
    assert.ok(alice.identity && !alice.identity.includes(SDK_TOKENS.alice));
    assert.equal(
      (
        await fetchExtendedCard(fetched, {
          network,
          credential: { token: SDK_TOKENS.alice },
          secret: 'installation-secret',
          cache,
        })
      ).fromCache,
      true,
    );
    // Another credential is another identity: never served what was cached for alice.
    const other = await fetchExtendedCard(fetched, {
      network,
      credential: { token: 'another-token-000000' },
      secret: 'installation-secret',
      cache,
    });
    assert.notEqual(other.fromCache, true);
    assert.ok(other.identity && other.identity !== alice.identity);
    assert.doesNotMatch(JSON.stringify([alice, other]), new RegExp(`${SDK_TOKENS.alice}|another-token`));
  });

  it('probeAgent: results for the card claims, no message sent without a safe request', async () => {
    const report = await probeAgent(sdk.url, { network, minIntervalMs: 0 });
    assert.ok(report.results.length > 0);
    assert.ok(
      report.results.some((r) => r.probe === 'streaming'),
      report.results.map((r) => r.probe).join(', '),
    );
    assert.ok(report.results.every((r) => ['verified', 'refuted', 'skipped', 'error'].includes(r.outcome)));
    // The endpoint and missing-version probes come through the library too.
    const outcome = (probe: string) => report.results.find((r) => r.probe === probe)?.outcome;
    for (const probe of ['version-default', 'card-media-type', 'card-cache-control', 'card-revalidation'])
      assert.equal(outcome(probe), 'verified', probe);
    assert.equal(outcome(`transport-security:${sdk.jsonRpcUrl}`), 'skipped');
  });

  it('sendToSkill: streams through the chosen interface; a skill the profile lacks is refused before sending', async () => {
    const fetched = await fetchCard(sdk.url, { network });
    const stale = memoryStaleMarkers();
    const r = await sendToSkill(fetched.profile!, 'echo', [{ text: 'hello' }], {
      network,
      agent: fetched.url,
      stale,
      stream: true,
      originClass: fetched.originClass,
    });
    assert.equal(r.ok, true, r.error);
    assert.equal(r.streamed, true);
    assert.match(JSON.stringify(r.events), /echo: hello/);
    await assert.rejects(
      sendToSkill(fetched.profile!, 'no-such-skill', [{ text: 'x' }], { network, agent: fetched.url, stale }),
      { name: 'ProfileUseError' },
    );
    assert.deepEqual(stale.list(), []);
  });

  it('a network client that is not one is a TypeError, not a crash deep inside', async () => {
    await assert.rejects(fetchCard(sdk.url, { network: { close: async () => {} } }), TypeError);
  });
});
