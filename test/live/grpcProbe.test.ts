// Probes over a GRPC interface: the real SDK agent served over gRPC gives the same verdicts as over JSON-RPC
// and HTTP+JSON; a misbehaving gRPC agent (bare @grpc/grpc-js with the SDK's service definition) is judged by
// ErrorInfo, then status code; transport failures, size and deadline limits and the address policy hold as for
// HTTP; the CLI and the real language server probe gRPC-only agents. Everything on 127.0.0.1.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createHttpClient } from '../../server/src/node/net/http';
import type { HttpClient } from '../../server/src/core/net/http';
import { fetchCard } from '../../server/src/core/fetch/fetchCard';
import { fetchExtendedCard } from '../../server/src/core/fetch/extendedCard';
import { DEFAULT_CLIENT, type ClientConfig } from '../../server/src/core/types';
import { sendToSkill } from '../../server/src/core/send/sendToSkill';
import { callA2a } from '../../server/src/core/a2a/call';
import { memoryStaleMarkers } from '../../server/src/core/send/staleMarkers';
import { FetchCardRequest } from '../../server/src/protocol';
import { createGrpcClient, grpcEndpoint } from '../../server/src/node/net/grpc';
import type { GrpcClient } from '../../server/src/core/net/grpc';
import { probeAgent, type ProbeReport } from '../../server/src/core/probe/probeAgent';
import { createRateLimiter } from '../../server/src/core/probe/rateLimit';
import { ProbeAgentRequest } from '../../server/src/protocol';
import { startLsp } from '../lsp/harness';
import { startRawGrpcAgent, type RawGrpcAgent, type RawUnary } from '../agents/rawGrpcAgent';
import { startSdkAgent, SDK_TOKENS, type SdkAgent } from '../agents/sdkAgent';

const cliPath = join(__dirname, '..', '..', 'server', 'dist', 'cli.js');
const fast = () => createRateLimiter({ minIntervalMs: 0 });
/** Verdicts by probe; the transport probes are named by each card's own interface URLs, so they are compared apart. */
const outcomes = (r: ProbeReport): Record<string, string> =>
  Object.fromEntries(
    r.results.filter((x) => !x.probe.startsWith('transport-security:')).map((x) => [x.probe, x.outcome]),
  );
const detail = (r: ProbeReport, probe: string): string => r.results.find((x) => x.probe === probe)?.detail ?? '';

let http: HttpClient;
let grpc: GrpcClient;
before(() => {
  http = createHttpClient();
  grpc = createGrpcClient();
});
after(async () => {
  grpc.close();
  await http.close();
});

/** A card on 127.0.0.1 whose only interface is the given gRPC address. */
async function serveCard(
  grpcUrl: string,
  extra: Record<string, unknown> = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const card = JSON.stringify({
    name: 'gRPC agent',
    description: 'Speaks gRPC only.',
    version: '1.0.0',
    supportedInterfaces: [{ url: grpcUrl, protocolBinding: 'GRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes.', tags: ['echo'] }],
    ...extra,
  });
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(card);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('probes over gRPC against the real SDK agent', () => {
  let viaGrpc: SdkAgent;
  let viaHttp: SdkAgent;
  before(async () => {
    [viaGrpc, viaHttp] = await Promise.all([
      startSdkAgent({ extended: 'per-user', grpc: 'only' }),
      startSdkAgent({ extended: 'per-user' }),
    ]);
  });
  after(async () => {
    await Promise.all([viaGrpc.close(), viaHttp.close()]);
  });

  it('every probe gives the verdict it gives over JSON-RPC and HTTP+JSON (credential and safe request included)', async () => {
    const opts = {
      limiter: fast(),
      credential: { token: SDK_TOKENS.alice },
      safeRequest: { text: 'ping', mediaTypes: ['text/plain'] },
    };
    const overGrpc = await probeAgent(viaGrpc.url, { http, grpc, ...opts });
    assert.equal(overGrpc.interface?.binding, 'GRPC');
    assert.equal(overGrpc.interface?.url, viaGrpc.grpcUrl);
    const overRpc = await probeAgent(viaHttp.url, { http, ...opts });
    const rest = await startSdkAgent({ extended: 'per-user', preferred: 'HTTP+JSON' });
    let overRest: ProbeReport;
    try {
      overRest = await probeAgent(rest.url, { http, ...opts });
    } finally {
      await rest.close();
    }
    assert.equal(overRest.interface?.binding, 'HTTP+JSON');
    assert.deepEqual(outcomes(overGrpc), outcomes(overRpc));
    assert.deepEqual(outcomes(overGrpc), outcomes(overRest));
    assert.deepEqual(outcomes(overGrpc), {
      version: 'verified',
      'version-negotiation': 'verified',
      'version-default': 'verified',
      streaming: 'verified',
      push: 'verified',
      'extended-card': 'verified',
      'streaming-message': 'verified',
      'media-type:text/plain': 'verified',
      'card-media-type': 'verified',
      'card-cache-control': 'verified',
      'card-revalidation': 'verified',
    });
    assert.match(detail(overGrpc, 'version'), /TaskNotFound \(gRPC NOT_FOUND, TASK_NOT_FOUND\)/);
    assert.match(detail(overGrpc, `transport-security:${viaGrpc.grpcUrl}`), /not an http\(s\) URL \(a gRPC host:port/);
    assert.match(detail(overGrpc, 'extended-card'), /2 skill\(s\) \(public card: 1\)/);
  });

  it('without a gRPC client a gRPC-only card is examined for a client without gRPC, as before: no interface it can use', async () => {
    const report = await probeAgent(viaGrpc.url, { http, limiter: fast() });
    assert.deepEqual(
      report.results.map((r) => [r.probe, r.outcome]),
      [['card', 'refuted']],
    );
    assert.match(detail(report, 'card'), /the card offers GRPC 1\.0/);
  });

  it('a card listing gRPC first is probed over gRPC when the prober speaks it, over JSON-RPC otherwise (card order)', async () => {
    const both = await startSdkAgent({ extended: 'none', grpc: 'first' });
    try {
      assert.equal((await probeAgent(both.url, { http, grpc, limiter: fast() })).interface?.binding, 'GRPC');
      assert.equal((await probeAgent(both.url, { http, limiter: fast() })).interface?.binding, 'JSONRPC');
    } finally {
      await both.close();
    }
  });
});

/** Encodes a google.rpc.Status trailer with ErrorInfo(reason), as an A2A agent MUST send (§10.6). */
async function errorInfo(
  code: number,
  message: string,
  reason: string,
): Promise<{ code: number; details: string; metadata: import('@grpc/grpc-js').Metadata }> {
  const { Metadata } = await import('@grpc/grpc-js');
  const { encodeGrpcStatusDetails } = await import('@a2a-js/sdk/errors/grpc');
  const metadata = new Metadata();
  metadata.set('grpc-status-details-bin', encodeGrpcStatusDetails(code, message, reason));
  return { code, details: message, metadata };
}

describe('a misbehaving gRPC agent', () => {
  let agent: RawGrpcAgent;
  let card: { url: string; close(): Promise<void> };
  /** What GetTask answers next (the version and version-negotiation probes call it). */
  let getTask: RawUnary = (_call, cb) => cb(null, {});
  before(async () => {
    agent = await startRawGrpcAgent({ getTask: (call, cb) => getTask(call, cb) });
    card = await serveCard(agent.url);
  });
  after(async () => {
    agent.close();
    await card.close();
  });

  it('sends A2A-Version as metadata (99.0 for the negotiation probe); ErrorInfo decides the A2A error', async () => {
    const notFound = await errorInfo(5, 'no such task', 'TASK_NOT_FOUND');
    const tooNew = await errorInfo(9, 'version not supported', 'VERSION_NOT_SUPPORTED');
    getTask = (call, cb) => cb(call.metadata.get('a2a-version')[0] === '99.0' ? tooNew : notFound);
    agent.calls.length = 0;
    const report = await probeAgent(card.url, { http, grpc, limiter: fast() });
    assert.equal(outcomes(report).version, 'verified');
    assert.equal(outcomes(report)['version-negotiation'], 'verified');
    const versions = agent.calls.filter((c) => c.method === 'getTask').map((c) => c.metadata['a2a-version']);
    // The third GetTask carries no A2A-Version at all; this agent serves it as 1.0, which the missing-header probe refutes.
    assert.deepEqual(versions, ['1.0', '99.0', undefined]);
    assert.equal(outcomes(report)['version-default'], 'refuted');
    // Methods the agent does not implement answer UNIMPLEMENTED: inconclusive, never "verified".
    assert.equal(outcomes(report).streaming, 'error');
    assert.match(detail(report, 'streaming'), /MethodNotFound \(gRPC UNIMPLEMENTED\)/);
  });

  const statuses: {
    name: string;
    answer: () => Promise<Parameters<Parameters<RawUnary>[1]>[0]>;
    version: string;
    detail: RegExp;
  }[] = [
    {
      name: 'NOT_FOUND without ErrorInfo is still TaskNotFound (the only A2A error on it)',
      answer: async () => ({ code: 5, details: 'gone' }),
      version: 'verified',
      detail: /TaskNotFound \(gRPC NOT_FOUND\): gone/,
    },
    {
      name: 'FAILED_PRECONDITION without ErrorInfo names no A2A error',
      answer: async () => ({ code: 9, details: 'nope' }),
      version: 'error',
      detail: /Unknown \(gRPC FAILED_PRECONDITION\): nope/,
    },
    {
      name: 'a status details trailer that is not a google.rpc.Status is ignored',
      answer: async () => {
        const e = await errorInfo(5, 'x', 'TASK_NOT_FOUND');
        e.metadata.set('grpc-status-details-bin', Buffer.from([0xff, 0xff, 0xff, 0x0f, 0x01]));
        return e;
      },
      version: 'verified',
      detail: /TaskNotFound \(gRPC NOT_FOUND\)/,
    },
    {
      name: "the agent's message loses control and bidi characters",
      answer: async () => ({ code: 9, details: 'red \u001b[31mALERT\u001b[0m\r\nforged \u202eline' }),
      version: 'error',
      detail:
        /^unexpected answer to GetTask: Unknown \(gRPC FAILED_PRECONDITION\): red +\[31mALERT +\[0m +forged +line$/,
    },
    {
      name: 'UNAUTHENTICATED is an auth failure, not a version verdict',
      answer: async () => ({ code: 16, details: 'who are you' }),
      version: 'error',
      detail: /Unauthenticated \(gRPC UNAUTHENTICATED\)/,
    },
  ];
  for (const s of statuses) {
    it(s.name, async () => {
      const answer = await s.answer();
      getTask = (_call, cb) => cb(answer);
      const report = await probeAgent(card.url, { http, grpc, limiter: fast() });
      assert.equal(outcomes(report).version, s.version, JSON.stringify(report.results));
      assert.match(detail(report, 'version'), s.detail);
    });
  }

  it("an answer that does not decode as the method's message is InvalidAgentResponse (not the agent's Internal, not a throw)", async () => {
    // Task{id: "t", status: TaskStatus{state: SUBMITTED, timestamp: Timestamp{seconds: 10^16}}}: a Date no JSON can express.
    const varint = (n: bigint): number[] => {
      const out: number[] = [];
      while (n > 127n) {
        out.push(Number(n & 127n) | 128);
        n >>= 7n;
      }
      out.push(Number(n));
      return out;
    };
    const task = (seconds: bigint): Buffer => {
      const timestamp = [0x08, ...varint(seconds)];
      const status = [0x08, 0x01, 0x1a, timestamp.length, ...timestamp];
      return Buffer.from([0x0a, 0x01, 0x74, 0x1a, status.length, ...status]);
    };
    const iface = { url: agent.url, binding: 'GRPC', version: '1.0', tenant: null };
    const invalid = async (answer: Buffer, message: RegExp): Promise<void> => {
      getTask = (_call, cb) => cb(null, answer);
      const r = await callA2a(iface, 'GetTask', { id: 't' }, { http, grpc, originClass: 'loopback' });
      assert.ok(!r.ok && r.error.type === 'InvalidAgentResponse', JSON.stringify(r));
      assert.match(r.error.message, message);
    };
    // 9·10^15 s is a safe integer but no Date holds it; 10^16 s is not even a safe integer; stray bytes are no message.
    await invalid(
      task(9n * 10n ** 15n),
      /not a message of the A2A proto \(Response message parsing error: Invalid time value\)/,
    );
    await invalid(task(10n ** 16n), /not a message of the A2A proto \(Response message parsing error/);
    await invalid(Buffer.from([0xff, 0xff, 0xff]), /not a message of the A2A proto/);
    getTask = (_call, cb) =>
      cb(null, {
        id: 't',
        contextId: '',
        status: { state: 1, timestamp: new Date('2026-11-30T00:00:00Z') },
        artifacts: [],
        history: [],
        metadata: undefined,
      });
    const fine = await callA2a(iface, 'GetTask', { id: 't' }, { http, grpc, originClass: 'loopback' });
    assert.ok(
      fine.ok &&
        JSON.stringify(fine.result) ===
          '{"id":"t","status":{"state":"TASK_STATE_SUBMITTED","timestamp":"2026-11-30T00:00:00.000Z"}}',
      JSON.stringify(fine),
    );
  });

  it('an answer over the size limit is refused by its size, and a silent agent by the deadline: errors, never verdicts', async () => {
    getTask = (_call, cb) =>
      cb(null, {
        id: 'x'.repeat(2 * 1024 * 1024),
        contextId: '',
        status: undefined,
        artifacts: [],
        history: [],
        metadata: undefined,
      });
    const big = await probeAgent(card.url, { http, grpc, limiter: fast() });
    assert.equal(outcomes(big).version, 'error');
    assert.match(detail(big, 'version'), /exceeds the 1048576-byte limit/);

    getTask = () => {
      /* never answers */
    };
    const started = Date.now();
    const silent = await probeAgent(card.url, { http, grpc, limiter: fast(), timeoutMs: 300 });
    assert.equal(outcomes(silent).version, 'error');
    assert.match(detail(silent, 'version'), /no complete answer within 300 ms/);
    assert.ok(Date.now() - started < 10_000, 'each call ends at its deadline');
  });
});

describe('where a gRPC interface may point', () => {
  it('an interface at a link-local address (cloud metadata) is refused by the address policy before any connection', async () => {
    const card = await serveCard('169.254.169.254:80');
    try {
      const report = await probeAgent(card.url, { http, grpc, limiter: fast() });
      assert.equal(outcomes(report).version, 'error');
      assert.match(detail(report, 'version'), /refused by the address policy/);
    } finally {
      await card.close();
    }
  });

  it('an interface nobody listens on is "unavailable" at once', async () => {
    const card = await serveCard('127.0.0.1:1');
    try {
      const report = await probeAgent(card.url, { http, grpc, limiter: fast() });
      assert.equal(outcomes(report).version, 'error');
      assert.match(detail(report, 'version'), /127\.0\.0\.1:1: gRPC unavailable/);
    } finally {
      await card.close();
    }
  });

  const endpoints: [string, boolean | 'unless-loopback' | string, string?][] = [
    ['127.0.0.1:50051', 'unless-loopback', '50051'],
    ['agent.example.com:443', 'unless-loopback', '443'],
    ['agent.example.com', 'unless-loopback', '443'],
    ['https://agent.example.com', true, '443'],
    ['grpcs://agent.example.com:8443', true, '8443'],
    ['grpc://[::1]:9000', false, '9000'],
    ['http://agent.example.com', false, '80'],
    ['ftp://agent.example.com', 'bad-scheme'],
    ['', 'bad-url'],
  ];
  for (const [raw, tls, port] of endpoints) {
    it(`gRPC address ${JSON.stringify(raw)} → ${typeof tls === 'string' && tls !== 'unless-loopback' ? tls : `tls ${tls}, port ${port}`}`, () => {
      if (typeof tls === 'string' && tls !== 'unless-loopback') {
        assert.throws(
          () => grpcEndpoint(raw),
          (err: { kind?: string }) => err.kind === tls,
        );
        return;
      }
      const e = grpcEndpoint(raw);
      assert.equal(e.tls, tls);
      assert.equal(e.port, port);
    });
  }
});

describe('gRPC probes from the CLI and the language server', () => {
  let agent: SdkAgent;
  before(async () => {
    agent = await startSdkAgent({ extended: 'none', grpc: 'only' });
  });
  after(() => agent.close());

  it('a2acap probe names the gRPC interface and prints its verdicts', async () => {
    // Asynchronously: the agent answers from this process.
    const r = await promisify(execFile)(process.execPath, [cliPath, 'probe', agent.url, '--min-interval', '0'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.match(r.stdout, new RegExp(`\\(GRPC 1\\.0\\)`));
    assert.match(r.stdout, /VERIFIED\s+version\s+GetTask with A2A-Version 1\.0 was understood/);
    assert.match(r.stdout, /VERIFIED\s+streaming\s/);
  });

  it("the language server's probe request reaches a gRPC-only agent", async () => {
    const s = await startLsp({ settings: { workspaceTrusted: true } });
    try {
      const probe = await s.connection.sendRequest(ProbeAgentRequest.type, { url: agent.url });
      assert.equal(probe.error, undefined);
      assert.equal(
        probe.results.find((r) => r.probe === 'version')?.outcome,
        'verified',
        JSON.stringify(probe.results),
      );
      assert.equal(probe.results.find((r) => r.probe === 'push')?.outcome, 'verified', JSON.stringify(probe.results));
    } finally {
      await s.stop();
    }
  });
});

describe('the extended card over gRPC (a client whose bindings include GRPC)', () => {
  let viaGrpc: SdkAgent;
  let viaHttp: SdkAgent;
  const grpcClient: ClientConfig = { ...DEFAULT_CLIENT, bindings: [{ binding: 'GRPC', version: '1.0' }] };
  const skillIds = (card: unknown): string[] => (card as { skills: { id: string }[] }).skills.map((x) => x.id).sort();
  before(async () => {
    [viaGrpc, viaHttp] = await Promise.all([
      startSdkAgent({ extended: 'per-user', grpc: 'only' }),
      startSdkAgent({ extended: 'per-user' }),
    ]);
  });
  after(async () => {
    await Promise.all([viaGrpc.close(), viaHttp.close()]);
  });

  it('each identity gets its own extended card, the same one JSON-RPC gives, as card JSON that lints and compiles', async () => {
    const pub = await fetchCard(viaGrpc.url, { http, client: grpcClient });
    assert.equal(pub.profile?.interface?.binding, 'GRPC');
    const common = {
      http,
      grpc,
      cardUrl: pub.url,
      publicCard: pub.card,
      publicProfile: pub.profile!,
      originClass: pub.originClass,
      client: grpcClient,
    };
    const alice = await fetchExtendedCard({ ...common, credential: { token: SDK_TOKENS.alice } });
    const bob = await fetchExtendedCard({ ...common, credential: { token: SDK_TOKENS.bob } });
    assert.equal(alice.status, 'extended', alice.message);
    assert.deepEqual(skillIds(alice.card), ['admin-alice', 'echo']);
    assert.deepEqual(Object.keys(bob.profile!.skills!).sort(), ['admin-bob', 'echo']);
    assert.equal(bob.profile!.interface?.binding, 'GRPC');

    const rpcPub = await fetchCard(viaHttp.url, { http });
    const overRpc = await fetchExtendedCard({
      http,
      cardUrl: rpcPub.url,
      publicCard: rpcPub.card,
      publicProfile: rpcPub.profile!,
      originClass: rpcPub.originClass,
      credential: { token: SDK_TOKENS.alice },
    });
    const withoutInterfaces = (card: unknown): unknown => ({
      ...(card as Record<string, unknown>),
      supportedInterfaces: null,
    });
    assert.deepEqual(
      withoutInterfaces(alice.card),
      withoutInterfaces(overRpc.card),
      "the card JSON is what the HTTP bindings carry (ProtoJSON), not the SDK's message objects",
    );
  });

  it('the profile-driven client sends over gRPC and gets the very JSON JSON-RPC gives (message and stream events)', async () => {
    const overGrpc = await fetchCard(viaGrpc.url, { http, client: grpcClient });
    const overRpc = await fetchCard(viaHttp.url, { http });
    const send = (f: typeof overGrpc, stream: boolean) =>
      sendToSkill(f.profile!, 'echo', [{ text: 'same' }], {
        http,
        grpc,
        agent: f.url,
        stale: memoryStaleMarkers(),
        stream,
        originClass: f.originClass,
      });
    // Ids are fresh per call; everything else must match.
    const shape = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value)
          .replace(/"(messageId|contextId|taskId|id)":"[^"]*"/g, '"$1":"…"')
          .replace(/"timestamp":"[^"]*"/g, '"timestamp":"…"'),
      );
    const [plainGrpc, plainRpc] = [await send(overGrpc, false), await send(overRpc, false)];
    assert.equal(plainGrpc.ok, true, plainGrpc.error);
    assert.match(JSON.stringify(plainGrpc.result), /"role":"ROLE_AGENT".*"text":"echo: same"/);
    assert.deepEqual(shape(plainGrpc.result), shape(plainRpc.result));
    const [streamGrpc, streamRpc] = [await send(overGrpc, true), await send(overRpc, true)];
    assert.equal(streamGrpc.streamed, true);
    assert.deepEqual(shape(streamGrpc.events), shape(streamRpc.events));
  });

  it('without a gRPC client the call is an error that says what is missing (not a crash)', async () => {
    const pub = await fetchCard(viaGrpc.url, { http, client: grpcClient });
    const r = await fetchExtendedCard({
      http,
      cardUrl: pub.url,
      publicCard: pub.card,
      publicProfile: pub.profile!,
      originClass: pub.originClass,
      credential: { token: SDK_TOKENS.alice },
    }).then(
      (x) => x.message,
      (err: Error) => err.message,
    );
    assert.match(r, /GRPC needs a gRPC client/);
  });

  it('a2acap fetch --extended with a project client that speaks GRPC', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'a2acap-grpc-ext-'));
    try {
      const config = join(dir, 'config.json');
      writeFileSync(config, JSON.stringify({ client: { bindings: ['GRPC@1.0'] } }));
      const r = await promisify(execFile)(
        process.execPath,
        [
          cliPath,
          'fetch',
          viaGrpc.url,
          '--extended',
          '--credential-env',
          'TOKEN',
          '--config',
          config,
          '--format',
          'json',
        ],
        { encoding: 'utf8', timeout: 30_000, env: { ...process.env, TOKEN: SDK_TOKENS.bob } },
      );
      const out = JSON.parse(r.stdout) as {
        extended: { status: string; card: unknown; profile: { interface: { binding: string } } };
      };
      assert.equal(out.extended.status, 'extended', r.stdout);
      assert.deepEqual(skillIds(out.extended.card), ['admin-bob', 'echo']);
      assert.equal(out.extended.profile.interface.binding, 'GRPC');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the language server fetches the extended card over gRPC when a2a.client.bindings lists GRPC', async () => {
    const s = await startLsp({ settings: { workspaceTrusted: true, client: { bindings: ['GRPC@1.0'] } } });
    try {
      const r = await s.connection.sendRequest(FetchCardRequest.type, {
        url: viaGrpc.url,
        extended: true,
        credential: { token: SDK_TOKENS.alice },
      });
      assert.equal(r.error, undefined);
      assert.equal(r.extended?.status, 'extended', r.extended?.message);
      assert.deepEqual(skillIds(JSON.parse(r.text!)), ['admin-alice', 'echo']);
    } finally {
      await s.stop();
    }
  });
});
