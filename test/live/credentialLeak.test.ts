// An agent that quotes the caller's credential back in every error form (test/agents/leakAgent.ts), as a prefix,
// split, in any case and encoding, and URLs that carry userinfo: no 8-character run of the credential reaches any CLI output format, file written, or LSP message.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliInProcess } from '../cliRunner';
import { REDACTED } from '../../server/src/core/text/redact';
import { secretRunsIn } from '../secretLeak';
import { FetchCardRequest, ProbeAgentRequest } from '../../server/src/protocol';
import { createHttpClient } from '../../server/src/node/net/http';
import { callA2a } from '../../server/src/core/a2a/call';
import { startLsp, type LspSession } from '../lsp/harness';
import { LEAK_MODES, LEAK_SCHEMES, startLeakAgent, type LeakAgent } from '../agents/leakAgent';
import { startLyingAgent, type LyingAgent } from '../agents/lying';
import { startRawGrpcAgent, type RawGrpcAgent } from '../agents/rawGrpcAgent';
import { createGrpcClient } from '../../server/src/node/net/grpc';
import { describeA2aError } from '../../server/src/core/a2a/errors';
import { at } from '../at';

/** URL and base64 special characters, so the percent-encoded and base64 forms differ from the raw one. */
const TOKEN = 'leak-T0ken/with+chars=9f3a';
const USERINFO_PASSWORD = 'pw-Secret-777';
const USERINFO = `leakuser:${USERINFO_PASSWORD}`;

let agent: LeakAgent;
let tmp: string;
before(async () => {
  agent = await startLeakAgent();
  tmp = mkdtempSync(join(tmpdir(), 'a2acap-leak-'));
});
after(async () => {
  await agent.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Every 8-character run of a secret in the text, in any case or encoding (empty: no leak). */
function leaks(text: string, secrets: readonly string[] = [TOKEN, USERINFO]): string[] {
  return secretRunsIn(text, secrets);
}

async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const r = await runCliInProcess(args, { cwd: tmp, env: { A2ACAP_ALLOW_NETWORK: 'loopback', ...env } });
  return { code: r.code, out: r.output };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the credential an agent quotes back is never printed', () => {
  for (const scheme of LEAK_SCHEMES) {
    it(`fetch --extended and probe, scheme ${scheme}, every error form, text and json`, async () => {
      for (const mode of LEAK_MODES) {
        for (const format of ['json', 'text']) {
          for (const args of [
            [
              'fetch',
              agent.url(mode),
              '--extended',
              '--credential-env',
              'TOK',
              '--credential-scheme',
              scheme,
              '--format',
              format,
            ],
            [
              'probe',
              agent.url(mode),
              '--credential-env',
              'TOK',
              '--credential-scheme',
              scheme,
              '--format',
              format,
              '--min-interval',
              '0',
            ],
          ]) {
            const sent = agent.received.length;
            const r = await cli(args, { TOK: TOKEN });
            assert.ok(
              agent.received.slice(sent).includes(TOKEN),
              `${args.join(' ')}: the credential was sent (so the agent could echo it)\n${r.out}`,
            );
            assert.deepEqual(leaks(r.out), [], `${args.join(' ')} leaked:\n${r.out}`);
            // A plain-text error body is never quoted at all, nor a card by probe; every other echo is, redacted.
            const quoted = mode !== 'rest-text-500' && !(args[0] === 'probe' && mode === 'card-echo');
            if (format === 'json' && quoted)
              assert.ok(r.out.includes(REDACTED), `${args.join(' ')}: the echo reached the output, redacted\n${r.out}`);
          }
        }
      }
    });
  }

  it('a credential with a line break is refused before anything is sent: exit 2, a clear message, no echo', async () => {
    for (const command of ['fetch', 'probe']) {
      const sent = agent.received.length;
      const r = await cli(
        [command, agent.url('rpc-error'), ...(command === 'fetch' ? ['--extended'] : []), '--credential-env', 'TOK'],
        { TOK: `${TOKEN}\nX-Injected: 1` },
      );
      assert.equal(r.code, 2, r.out);
      assert.match(r.out, /credential contains a line break or control character/);
      assert.equal(agent.received.length, sent);
      assert.deepEqual(leaks(r.out), []);
    }
  });

  it('fetch --extended that sends nothing (no scheme for the credential) is a failure, not a success', async () => {
    const r = await cli(
      ['fetch', agent.url('card-echo'), '--extended', '--credential-env', 'TOK', '--credential-scheme', 'nope'],
      { TOK: TOKEN },
    );
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, /does not declare scheme 'nope'/);
  });
});

describe('URL userinfo never appears in any output field or file', () => {
  it('fetch and probe of a URL with user:password@', async () => {
    for (const args of [['fetch', '--format', 'json'], ['fetch'], ['probe', '--format', 'json'], ['probe']]) {
      const url = agent.url('card-echo').replace('://', `://${USERINFO}@`);
      const r = await cli([at(args, 0), url, ...args.slice(1)]);
      assert.equal(r.code, 2, r.out);
      assert.deepEqual(leaks(r.out), [], r.out);
      assert.doesNotMatch(r.out, /leakuser/);
    }
  });

  it('check --live in every format, with its cache directory and stale markers', async () => {
    const dir = mkdtempSync(join(tmp, 'check-'));
    const lock = join(dir, 'agent.a2a-lock.json');
    writeFileSync(
      lock,
      JSON.stringify({
        agent: agent.url('card-echo').replace('://', `://${USERINFO}@`),
        pinned_at: '2026-11-30T00:00:00Z',
        card_digest: `sha256:${'0'.repeat(64)}`,
        requires: { streaming: true },
      }),
    );
    const stale = join(dir, 'stale.json');
    writeFileSync(stale, JSON.stringify({ version: 1, markers: [] }));
    for (const format of ['json', 'text', 'sarif', 'markdown']) {
      const r = await cli([
        'check',
        lock,
        '--live',
        '--format',
        format,
        '--cache-dir',
        join(dir, 'cache'),
        '--stale-markers',
        stale,
      ]);
      assert.ok(r.out.length > 0);
      assert.deepEqual(leaks(r.out), [], `${format}:\n${r.out}`);
      assert.doesNotMatch(r.out, /leakuser/, `${format}:\n${r.out}`);
    }
    for (const file of filesUnder(dir).filter((f) => f !== lock)) {
      const text = readFileSync(file, 'utf8');
      assert.deepEqual(leaks(text), [], file);
      assert.doesNotMatch(text, /leakuser/, file);
    }
  });
});

describe('an interface that redirects', () => {
  let liar: LyingAgent;
  before(async () => {
    liar = await startLyingAgent();
  });
  after(async () => {
    await liar.close();
  });
  it('is refused with the rule and its reason, not a redirect count', async () => {
    const http = createHttpClient();
    try {
      await assert.rejects(
        callA2a(
          { url: `${liar.url}/loop`, binding: 'JSONRPC', version: '1.0', tenant: null },
          'GetTask',
          { id: 'x' },
          { http, originClass: 'loopback' },
        ),
        (e: Error) => {
          assert.match(e.message, /answered with a redirect; A2A interface calls follow no redirects/);
          assert.match(e.message, /credential to a URL the card does not declare/);
          assert.doesNotMatch(e.message, /more than 0 redirects/);
          return true;
        },
      );
    } finally {
      await http.close();
    }
  });
});

describe('the gRPC binding: the credential quoted in a status message and its ErrorInfo details', () => {
  let grpcAgent: RawGrpcAgent;
  before(async () => {
    const { Metadata } = await import('@grpc/grpc-js');
    const { encodeGrpcStatusDetails } = await import('@a2a-js/sdk/errors/grpc');
    grpcAgent = await startRawGrpcAgent({
      getExtendedAgentCard: (call, cb) => {
        const sent = String(call.metadata.get('authorization')[0] ?? call.metadata.get('x-api-key')[0] ?? '');
        const echo = `credential ${sent} (${encodeURIComponent(sent.replace(/^Bearer /, ''))}, ${Buffer.from(sent.replace(/^Bearer /, '')).toString('base64')}) is not allowed`;
        const metadata = new Metadata();
        metadata.set('grpc-status-details-bin', encodeGrpcStatusDetails(16, echo, `BAD_${echo}`));
        cb({ code: 16, details: echo, metadata });
      },
      getTask: (call, cb) =>
        cb({ code: 14, details: `unavailable for ${String(call.metadata.get('authorization')[0])}` }),
    });
  });
  after(() => {
    grpcAgent.close();
  });

  it('callA2a over GRPC: the error, its description and a transport failure hold no form of it', async () => {
    const http = createHttpClient();
    const grpc = createGrpcClient();
    try {
      const iface = { url: grpcAgent.url, binding: 'GRPC', version: '1.0', tenant: null };
      for (const credentialHeaders of [{ authorization: `Bearer ${TOKEN}` }, { 'x-api-key': TOKEN }] as Record<
        string,
        string
      >[]) {
        const r = await callA2a(
          iface,
          'GetExtendedAgentCard',
          {},
          { http, grpc, originClass: 'loopback', credentialHeaders },
        );
        assert.equal(r.ok, false);
        const said = r.ok ? '' : `${describeA2aError(r.error)} ${JSON.stringify(r.error)}`;
        assert.ok(said.includes(REDACTED), said);
        assert.deepEqual(leaks(said), [], said);
        assert.equal(
          grpcAgent.calls.at(-1)?.metadata[at(Object.keys(credentialHeaders), 0)]?.endsWith(TOKEN),
          true,
          'the credential was sent',
        );
      }
      const failed = await callA2a(
        iface,
        'GetTask',
        { id: 'x' },
        { http, grpc, originClass: 'loopback', credentialHeaders: { authorization: `Bearer ${TOKEN}` } },
      ).then(
        (r) => JSON.stringify(r),
        (e: Error) => e.message,
      );
      assert.deepEqual(leaks(failed), [], failed);
    } finally {
      grpc.close();
      await http.close();
    }
  });
});

describe('the language server over stdio', () => {
  let s: LspSession;
  before(async () => {
    s = await startLsp({ settings: { workspaceTrusted: true } });
  });
  after(async () => {
    await s.stop();
  });

  it('a2a/fetchCard (extended) and a2a/probeAgent: responses, logs and stderr hold no form of the credential', async () => {
    const seen: string[] = [];
    for (const scheme of LEAK_SCHEMES) {
      for (const mode of LEAK_MODES) {
        const sent = agent.received.length;
        const credential = { scheme, token: TOKEN };
        seen.push(
          JSON.stringify(
            await s.connection.sendRequest(FetchCardRequest.type, { url: agent.url(mode), extended: true, credential }),
          ),
        );
        seen.push(
          JSON.stringify(await s.connection.sendRequest(ProbeAgentRequest.type, { url: agent.url(mode), credential })),
        );
        assert.ok(agent.received.slice(sent).includes(TOKEN), `${mode}: the credential was sent`);
      }
    }
    const url = agent.url('rpc-error').replace('://', `://${USERINFO}@`);
    seen.push(
      JSON.stringify(
        await s.connection.sendRequest(FetchCardRequest.type, {
          url,
          extended: true,
          credential: { scheme: 'bearer', token: TOKEN },
        }),
      ),
    );
    seen.push(JSON.stringify(await s.connection.sendRequest(ProbeAgentRequest.type, { url })));
    const all = `${seen.join('\n')}\n${s.logs.join('\n')}\n${s.stderr()}`;
    assert.ok(all.includes(REDACTED), 'the echoes reached the responses, redacted');
    assert.deepEqual(leaks(all), []);
    assert.doesNotMatch(all, /leakuser/);
  });
});
