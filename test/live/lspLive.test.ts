// a2a/fetchCard and a2a/probeAgent through the REAL bundled language server over stdio, against real
// loopback agents: the credential travels in one request's params and never comes back or into the logs.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FetchCardRequest, ProbeAgentRequest } from '../../server/src/protocol';
import { startLsp, type LspSession } from '../lsp/harness';
import { startSdkAgent, SdkAgent, SDK_TOKENS } from '../agents/sdkAgent';
import { startLyingAgent, LyingAgent } from '../agents/lying';

let sdk: SdkAgent;
let liar: LyingAgent;
before(async () => {
  [sdk, liar] = await Promise.all([startSdkAgent({ extended: 'per-user' }), startLyingAgent()]);
});
after(async () => {
  await Promise.all([sdk.close(), liar.close()]);
});

describe('live requests in the language server', () => {
  let s: LspSession;
  before(async () => {
    s = await startLsp({ settings: { workspaceTrusted: true } });
  });
  after(async () => {
    await s.stop();
  });

  it('fetches, validates and compiles a card; the extended card with the credential', async () => {
    const pub = await s.connection.sendRequest(FetchCardRequest.type, { url: sdk.url });
    assert.equal(pub.error, undefined);
    assert.equal(pub.valid, true);
    assert.equal(pub.profile?.usable, true);
    assert.deepEqual(pub.credentialSchemes, ['bearer']);
    const ext = await s.connection.sendRequest(FetchCardRequest.type, {
      url: sdk.url,
      extended: true,
      credential: { scheme: 'bearer', token: SDK_TOKENS.bob },
    });
    assert.equal(ext.extended?.status, 'extended', ext.extended?.message);
    assert.ok(Object.keys(ext.profile?.skills ?? {}).includes('admin-bob'));
    assert.doesNotMatch(JSON.stringify(ext) + s.logs.join('\n') + s.stderr(), new RegExp(SDK_TOKENS.bob));
  });

  it('network failures come back as one line; probes as results', async () => {
    const bad = await s.connection.sendRequest(FetchCardRequest.type, { url: `${liar.url}/bomb` });
    assert.match(bad.error ?? '', /bomb.*1048576-byte limit.*after decompression/);
    const probe = await s.connection.sendRequest(ProbeAgentRequest.type, { url: liar.url });
    assert.equal(probe.results.find((r) => r.probe === 'streaming')?.outcome, 'refuted');
    const names = probe.results.map((r) => r.probe);
    for (const name of ['version-default', 'card-media-type', 'card-cache-control', 'card-revalidation'])
      assert.ok(names.includes(name), names.join(', '));
    assert.ok(
      names.some((n) => n.startsWith('transport-security:')),
      names.join(', '),
    );
  });
});

describe('untrusted workspace', () => {
  it('never touches the network', async () => {
    const s = await startLsp({ settings: { workspaceTrusted: false } });
    try {
      const hits = liar.hits.get('/.well-known/agent-card.json') ?? 0;
      const r = await s.connection.sendRequest(FetchCardRequest.type, { url: liar.url });
      assert.match(r.error ?? '', /not trusted/);
      const p = await s.connection.sendRequest(ProbeAgentRequest.type, { url: liar.url });
      assert.match(p.error ?? '', /not trusted/);
      assert.equal(liar.hits.get('/.well-known/agent-card.json') ?? 0, hits);
    } finally {
      await s.stop();
    }
  });
});
