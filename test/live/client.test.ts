// The profile-driven client against real loopback agents: what it sends, and runtime errors as evidence.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHttpClient } from '../../server/src/node/net/http';
import type { HttpClient } from '../../server/src/core/net/http';
import { fetchCard } from '../../server/src/core/fetch/fetchCard';
import { sendToSkill, ProfileUseError } from '../../server/src/core/send/sendToSkill';
import { memoryStaleMarkers } from '../../server/src/core/send/staleMarkers';
import { DEFAULT_CLIENT, CompiledProfile } from '../../server/src/core/types';
import { startSdkAgent, SdkAgent } from '../agents/sdkAgent';
import { startLyingAgent, LyingAgent, LYING_EXTENSION } from '../agents/lying';

let sdk: SdkAgent;
let liar: LyingAgent;
let http: HttpClient;
let liarProfile: CompiledProfile;
before(async () => {
  [sdk, liar] = await Promise.all([startSdkAgent(), startLyingAgent()]);
  http = createHttpClient();
  // A client that implements the liar's required extension gets a usable profile.
  const fetched = await fetchCard(liar.url, {
    http,
    client: { ...DEFAULT_CLIENT, knownExtensions: [LYING_EXTENSION] },
  });
  assert.equal(fetched.profile?.usable, true, JSON.stringify(fetched.profile));
  liarProfile = fetched.profile!;
});
after(async () => {
  await http.close();
  await Promise.all([sdk.close(), liar.close()]);
});

describe('sendToSkill', () => {
  it('streams from the real SDK agent when the profile allows it', async () => {
    const { profile, originClass } = await fetchCard(sdk.url, { http });
    const stale = memoryStaleMarkers();
    const r = await sendToSkill(profile!, 'echo', [{ text: 'hello' }], {
      http,
      agent: sdk.url,
      stale,
      stream: true,
      originClass,
    });
    assert.equal(r.ok, true, r.error);
    assert.equal(r.streamed, true);
    assert.match(JSON.stringify(r.events), /echo: hello/);
    assert.equal(stale.list().length, 0);
  });

  it('over HTTP+JSON too: POST /message:stream, the events parsed', async () => {
    const rest = await startSdkAgent({ preferred: 'HTTP+JSON' });
    try {
      const { profile, originClass } = await fetchCard(rest.url, { http });
      assert.equal(profile?.interface?.binding, 'HTTP+JSON');
      const r = await sendToSkill(profile!, 'echo', [{ text: 'via rest' }], {
        http,
        agent: rest.url,
        stale: memoryStaleMarkers(),
        stream: true,
        originClass,
      });
      assert.equal(r.ok, true, r.error);
      assert.equal(r.streamed, true);
      assert.match(JSON.stringify(r.events), /echo: via rest/);
      const plain = await sendToSkill(profile!, 'echo', [{ text: 'once' }], {
        http,
        agent: rest.url,
        stale: memoryStaleMarkers(),
        originClass,
      });
      assert.match(JSON.stringify(plain.result), /echo: once/);
    } finally {
      await rest.close();
    }
  });

  it('interface URLs come from a card: without the card origin class, loopback is refused by the policy', async () => {
    await assert.rejects(
      sendToSkill(liarProfile, 'echo', [{ text: 'hi' }], { http, agent: liar.url, stale: memoryStaleMarkers() }),
      /address policy/,
    );
  });

  it('sends A2A-Version, the known extensions and the tenant verbatim', async () => {
    const tenant = 'Tenant/Ä x';
    const profile = { ...liarProfile, interface: { ...liarProfile.interface!, tenant } };
    await sendToSkill(profile, 'echo', [{ text: 'hi' }], {
      http,
      agent: liar.url,
      originClass: 'loopback',
      stale: memoryStaleMarkers(),
    });
    const headers = liar.lastHeaders.get('/rpc')!;
    assert.equal(headers['a2a-version'], '1.0');
    assert.equal(headers['a2a-extensions'], LYING_EXTENSION);
    assert.equal(JSON.parse(liar.lastBodies.get('/rpc')!).params.tenant, tenant);
  });

  it('UnsupportedOperation on streaming → falls back to SendMessage and marks the profile stale', async () => {
    const stale = memoryStaleMarkers();
    const r = await sendToSkill(liarProfile, 'echo', [{ text: 'hi' }], {
      http,
      agent: liar.url,
      originClass: 'loopback',
      stale,
      stream: true,
    });
    assert.equal(r.ok, true);
    assert.equal(r.fellBack, true);
    assert.equal(r.streamed, false);
    assert.match(stale.get(liar.url)?.reason ?? '', /streaming refused.*UnsupportedOperation/);
  });

  it('ContentTypeNotSupported marks stale; a media type the profile excludes is refused before sending', async () => {
    const stale = memoryStaleMarkers();
    const r = await sendToSkill(liarProfile, 'echo', [{ text: 'x', mediaType: 'image/png' }], {
      http,
      agent: liar.url,
      originClass: 'loopback',
      stale,
    });
    assert.equal(r.ok, false);
    assert.equal(r.errorType, 'ContentTypeNotSupported');
    assert.equal(stale.get(liar.url)?.count, 1);
    const hits = liar.hits.get('/rpc');
    await assert.rejects(
      sendToSkill(liarProfile, 'echo', [{ text: 'x', mediaType: 'application/pdf' }], {
        http,
        agent: liar.url,
        originClass: 'loopback',
        stale,
      }),
      ProfileUseError,
    );
    await assert.rejects(
      sendToSkill(liarProfile, 'nope', [{ text: 'x' }], { http, agent: liar.url, originClass: 'loopback', stale }),
      /no skill/,
    );
    assert.equal(liar.hits.get('/rpc'), hits, 'nothing was sent');
  });
});
