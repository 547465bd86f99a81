// fetchCard and the extended card against a REAL @a2a-js/sdk agent and the lying agent, on 127.0.0.1.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpClient } from '../../server/src/node/net/http';
import type { HttpClient } from '../../server/src/core/net/http';
import { NetError } from '../../server/src/core/net/errors';
import { cardUrlFor, fetchCard } from '../../server/src/core/fetch/fetchCard';
import { fileCardCache, memoryCardCache } from '../../server/src/core/cache/cardText';
import { fetchExtendedCard, memoryExtendedProfileCache } from '../../server/src/core/fetch/extendedCard';
import { startSdkAgent, SdkAgent, SDK_TOKENS } from '../agents/sdkAgent';
import { startLyingAgent, LyingAgent, LYING_TOKENS } from '../agents/lying';
import { at } from '../at';

let sdk: SdkAgent;
let liar: LyingAgent;
let http: HttpClient;
before(async () => {
  [sdk, liar] = await Promise.all([startSdkAgent({ extended: 'per-user' }), startLyingAgent()]);
  http = createHttpClient();
});
after(async () => {
  await http.close();
  await Promise.all([sdk.close(), liar.close()]);
});

const skillIds = (card: unknown): string[] =>
  ((card as { skills: { id: string }[] }).skills ?? []).map((s) => s.id).sort();

describe('fetchCard', () => {
  it('maps a base URL to the well-known path and keeps card URLs', () => {
    assert.equal(cardUrlFor('http://127.0.0.1:1'), 'http://127.0.0.1:1/.well-known/agent-card.json');
    assert.equal(cardUrlFor('http://127.0.0.1:1/x/card.json'), 'http://127.0.0.1:1/x/card.json');
    assert.throws(() => cardUrlFor('nope'), NetError);
  });

  it('fetches, validates and compiles the SDK agent card; then a fresh cache answers without a request', async () => {
    let t = 1_000_000;
    const cache = memoryCardCache();
    const first = await fetchCard(sdk.url, { http, cache, now: () => t });
    assert.equal(first.status, 'fetched');
    assert.equal(first.valid, true, JSON.stringify(first.findings));
    assert.equal(first.profile?.usable, true);
    assert.equal(first.profile?.interface?.binding, 'JSONRPC');
    assert.equal(first.maxAgeSeconds, 3600);
    assert.match(first.validators.etag ?? '', /^W\//);
    t += 1000;
    const second = await fetchCard(sdk.url, { http, cache, now: () => t });
    assert.equal(second.status, 'cached');
    t += 3600_000;
    const third = await fetchCard(sdk.url, { http, cache, now: () => t });
    assert.equal(third.status, 'not-modified', 'expired entry revalidated with If-None-Match → 304');
    assert.deepEqual(third.card, first.card);
  });

  it('a 304 serves the analysis of the same text again (one lint, one compile); other settings or another text analyse afresh', async () => {
    let t = 2_000_000;
    const cache = memoryCardCache();
    const first = await fetchCard(sdk.url, { http, cache, now: () => t, revalidate: true });
    t += 1000;
    const again = await fetchCard(sdk.url, { http, cache, now: () => t, revalidate: true });
    assert.equal(again.status, 'not-modified');
    assert.equal(again.profile, first.profile, 'the same compiled profile, not a recompiled copy');
    assert.notEqual(again.findings, first.findings, 'each result has its own findings array (callers may add to it)');
    assert.deepEqual(again.findings, first.findings);
    const client = { bindings: [{ binding: 'HTTP+JSON', version: '1.0' }], knownExtensions: [] };
    const other = await fetchCard(sdk.url, { http, cache, now: () => t, revalidate: true, client });
    assert.notEqual(other.profile, first.profile, 'another client configuration compiles again');
    assert.equal(other.profile?.interface?.binding, 'HTTP+JSON');
    const url = cardUrlFor(sdk.url);
    const cached = (await cache.get(url))!;
    await cache.set(url, { ...cached, text: cached.text.replace('"name"', '"name" ') });
    const edited = await fetchCard(sdk.url, { http, cache, now: () => t });
    assert.equal(edited.status, 'cached');
    assert.notEqual(edited.profile, first.profile, 'another text is linted and compiled again');
    assert.deepEqual(edited.profile, first.profile);
  });

  it('a 304 whose ETag contradicts ours is not trusted: the card is fetched in full', async () => {
    const cache = memoryCardCache();
    const url = `${liar.url}/stale/.well-known/agent-card.json`;
    await cache.set(url, {
      url,
      text: '{"stale":true}',
      validators: { etag: '"card-v1"' },
      maxAgeSeconds: 0,
      fetchedAt: 0,
    });
    const res = await fetchCard(url, { http, cache });
    assert.equal(res.status, 'fetched');
    assert.equal((res.card as { name: string }).name, 'Lying Agent');
    assert.equal(res.validators.etag, '"card-v3"');
  });

  it('documentation and icon URLs in a card are never fetched', async () => {
    const res = await fetchCard(sdk.url, { http, revalidate: true });
    assert.equal(res.valid, true);
    const card = { ...(res.card as object), iconUrl: `${liar.url}/icon.png`, documentationUrl: `${liar.url}/docs` };
    const cache = memoryCardCache();
    const url = `${liar.url}/own.json`;
    await cache.set(url, {
      url,
      text: JSON.stringify(card),
      validators: {},
      maxAgeSeconds: 60,
      fetchedAt: Date.now(),
      originClass: 'loopback',
    });
    const again = await fetchCard(url, { http, cache });
    assert.equal(again.status, 'cached');
    assert.equal(liar.hits.get('/icon.png'), undefined);
    assert.equal(liar.hits.get('/docs'), undefined);
  });

  it('429 on the card: a typed http-status error that carries Retry-After', async () => {
    const busy = await startLyingAgent({ busyCount: 1 });
    try {
      const err = await fetchCard(`${busy.url}/busy`, { http }).catch((e: unknown) => e);
      assert.ok(err instanceof NetError && err.kind === 'http-status', String(err));
      assert.equal(err.details.retryAfterSeconds, 1);
      assert.match(err.message, /HTTP 429 .*rate limited; retry after 1 s/);
      const again = await fetchCard(`${busy.url}/busy`, { http });
      assert.equal((again.card as { name: string }).name, 'Lying Agent');
    } finally {
      await busy.close();
    }
  });

  it('a malformed card never yields a profile', async () => {
    const res = await fetchCard(`${liar.url}/redirect?to=${encodeURIComponent('/rest/none')}`, { http }).catch(
      (e: unknown) => e,
    );
    assert.ok(res instanceof NetError && res.kind === 'http-status', String(res));
    const bad = await fetchCard(sdk.url, { http, settings: { maxCardBytes: 100 } });
    assert.equal(bad.valid, false);
    assert.equal(bad.profile, undefined);
  });

  it('requireSigned without a verified signature: no profile, a clear finding', async () => {
    const res = await fetchCard(sdk.url, {
      http,
      requireSigned: true,
      verify: async () => ({ outcome: 'unverifiable', detail: 'the card has no signatures' }),
    });
    assert.equal(res.valid, false);
    assert.equal(res.profile, undefined);
    assert.ok(res.findings.some((f) => f.code === 'signature-required'));
  });

  it('the file cache round-trips and stores only public data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'a2a-cache-'));
    try {
      const cache = fileCardCache(dir, fsp);
      const first = await fetchCard(sdk.url, { http, cache });
      const again = await fetchCard(sdk.url, { http, cache });
      assert.equal(first.status, 'fetched');
      assert.equal(again.status, 'cached');
      const files = readdirSync(dir);
      assert.equal(files.length, 1);
      const stored = JSON.parse(readFileSync(join(dir, at(files, 0)), 'utf8')) as Record<string, unknown>;
      assert.deepEqual(Object.keys(stored).sort(), [
        'fetchedAt',
        'maxAgeSeconds',
        'originClass',
        'text',
        'url',
        'validators',
      ]);
      assert.equal(again.originClass, 'loopback', 'a cache hit keeps the policy context of the card');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('extended card', () => {
  it('SDK agent: each identity gets its own extended card; the cache never mixes them', async () => {
    const pub = await fetchCard(sdk.url, { http });
    const cache = memoryExtendedProfileCache();
    const common = {
      http,
      cardUrl: pub.url,
      publicCard: pub.card,
      publicProfile: pub.profile!,
      cache,
      secret: 'install-secret',
      originClass: pub.originClass,
    };
    const alice = await fetchExtendedCard({ ...common, credential: { token: SDK_TOKENS.alice } });
    const bob = await fetchExtendedCard({ ...common, credential: { token: SDK_TOKENS.bob } });
    assert.equal(alice.status, 'extended', alice.message);
    assert.deepEqual(skillIds(alice.card), ['admin-alice', 'echo']);
    assert.deepEqual(Object.keys(bob.profile!.skills!).sort(), ['admin-bob', 'echo']);
    assert.notEqual(alice.identity, bob.identity);
    assert.doesNotMatch(alice.identity!, new RegExp(SDK_TOKENS.alice));
    const again = await fetchExtendedCard({ ...common, credential: { token: SDK_TOKENS.alice } });
    assert.equal(again.fromCache, true);
    assert.deepEqual(skillIds(again.card), ['admin-alice', 'echo']);
  });

  it("the caller's client decides validity, of the public card and of the extended one (not the default client)", async () => {
    // The SDK agent offers JSONRPC then HTTP+JSON; a client that speaks neither finds no interface to use.
    const grpcOnly = { bindings: [{ binding: 'GRPC', version: '1.0' }], knownExtensions: [] };
    const pub = await fetchCard(sdk.url, { http, client: grpcOnly });
    assert.equal(pub.valid, false);
    assert.deepEqual(
      pub.findings.map((f) => f.code),
      ['no-supported-interface'],
    );
    const restOnly = { bindings: [{ binding: 'HTTP+JSON', version: '1.0' }], knownExtensions: [] };
    const rest = await fetchCard(sdk.url, { http, client: restOnly });
    assert.equal(rest.profile?.interface?.binding, 'HTTP+JSON');
    const ext = await fetchExtendedCard({
      http,
      cardUrl: rest.url,
      publicCard: rest.card,
      publicProfile: rest.profile!,
      credential: { token: SDK_TOKENS.alice },
      originClass: rest.originClass,
      client: restOnly,
    });
    assert.equal(ext.status, 'extended', ext.message);
    assert.equal(ext.profile?.interface?.binding, 'HTTP+JSON');
  });

  it('over HTTP+JSON too (the interface order decides the binding)', async () => {
    const rest = await startSdkAgent({ extended: 'per-user', preferred: 'HTTP+JSON' });
    try {
      const pub = await fetchCard(rest.url, { http });
      assert.equal(pub.profile?.interface?.binding, 'HTTP+JSON');
      const ext = await fetchExtendedCard({
        http,
        cardUrl: pub.url,
        publicCard: pub.card,
        publicProfile: pub.profile!,
        credential: { token: SDK_TOKENS.bob },
        originClass: pub.originClass,
      });
      assert.equal(ext.status, 'extended', ext.message);
      assert.deepEqual(skillIds(ext.card), ['admin-bob', 'echo']);
    } finally {
      await rest.close();
    }
  });

  it('HTTP+JSON with a tenant: /{tenant}/extendedAgentCard, tenant verbatim (path-encoded)', async () => {
    const pub = await fetchCard(liar.url, { http });
    const tenant = 'acme corp/eu';
    const profile = {
      ...pub.profile!,
      usable: true,
      interface: { url: `${liar.url}/rest`, binding: 'HTTP+JSON', version: '1.0', tenant },
    };
    const ext = await fetchExtendedCard({
      http,
      cardUrl: pub.url,
      publicCard: pub.card,
      publicProfile: profile,
      credential: { token: LYING_TOKENS.bob },
      originClass: 'loopback',
    });
    assert.equal(ext.status, 'extended', ext.message);
    assert.ok(
      [...liar.hits.keys()].includes('/rest/acme%20corp%2Feu/extendedAgentCard'),
      [...liar.hits.keys()].join(' '),
    );
    assert.equal(liar.lastHeaders.get('/rest/acme%20corp%2Feu/extendedAgentCard')?.['a2a-version'], '1.0');
  });

  it('the card claims an extended card the SDK agent does not offer: UnsupportedOperation → flag-wrong, with evidence', async () => {
    const liarSdk = await startSdkAgent({ extended: 'none', advertiseExtended: true });
    try {
      const pub = await fetchCard(liarSdk.url, { http });
      const ext = await fetchExtendedCard({
        http,
        cardUrl: pub.url,
        publicCard: pub.card,
        publicProfile: pub.profile!,
        credential: { token: SDK_TOKENS.alice },
        originClass: pub.originClass,
      });
      assert.equal(ext.status, 'flag-wrong', ext.message);
      assert.deepEqual(ext.card, pub.card, 'the public card stands');
      assert.equal(ext.evidence[0]?.result, 'refuted');
      assert.match(ext.evidence[0]?.detail ?? '', /UnsupportedOperation/);
    } finally {
      await liarSdk.close();
    }
  });

  it('not configured → the public card stands; flag false → nothing requested', async () => {
    const agent = await startSdkAgent({ extended: 'unconfigured' });
    const none = await startSdkAgent({ extended: 'none' });
    try {
      const pub = await fetchCard(agent.url, { http });
      const ext = await fetchExtendedCard({
        http,
        cardUrl: pub.url,
        publicCard: pub.card,
        publicProfile: pub.profile!,
        credential: { token: SDK_TOKENS.alice },
        originClass: pub.originClass,
      });
      assert.equal(ext.status, 'not-configured', ext.message);
      assert.deepEqual(ext.card, pub.card);
      const pub2 = await fetchCard(none.url, { http });
      const ext2 = await fetchExtendedCard({
        http,
        cardUrl: pub2.url,
        publicCard: pub2.card,
        publicProfile: pub2.profile!,
        credential: { token: SDK_TOKENS.alice },
      });
      assert.equal(ext2.status, 'not-declared');
    } finally {
      await Promise.all([agent.close(), none.close()]);
    }
  });

  it('lying agent: two credentials see different extended cards; a wrong token is a clear auth failure without the token', async () => {
    const pub = await fetchCard(liar.url, { http });
    assert.equal(pub.profile?.usable, false, 'the liar requires an extension we do not know');
    const usable = {
      ...pub.profile!,
      usable: true,
      interface: { url: `${liar.url}/rpc`, binding: 'JSONRPC', version: '1.0', tenant: null },
    };
    const common = {
      http,
      cardUrl: pub.url,
      publicCard: pub.card,
      publicProfile: usable,
      originClass: pub.originClass,
    };
    const a = await fetchExtendedCard({ ...common, credential: { token: LYING_TOKENS.alice } });
    const b = await fetchExtendedCard({ ...common, credential: { token: LYING_TOKENS.bob } });
    assert.deepEqual(skillIds(a.card), ['alice-only', 'echo']);
    assert.deepEqual(skillIds(b.card), ['bob-only', 'echo']);
    const wrong = await fetchExtendedCard({ ...common, credential: { token: 'wrong-token-secret' } });
    assert.equal(wrong.status, 'auth-failed');
    assert.match(wrong.message, /401/);
    assert.doesNotMatch(wrong.message, /wrong-token-secret/);
    const hits = liar.hits.get('/rpc');
    const undeclared = await fetchExtendedCard({
      ...common,
      credential: { scheme: 'apikey', token: LYING_TOKENS.alice },
    });
    assert.equal(undeclared.status, 'no-credential');
    assert.equal(liar.hits.get('/rpc'), hits, 'a credential for an undeclared scheme is never sent');
  });
});
