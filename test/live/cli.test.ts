// `a2acap fetch` and `a2acap probe` against real loopback agents: the bundled CLI spawned as a user runs it
// (credentials through the environment only), plus in-process runs for the JSON contract details.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalPayloads } from '../../server/src/core/signature/canonical';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliInProcess, type CliRun } from '../cliRunner';
import { startSdkAgent, SdkAgent, SDK_TOKENS } from '../agents/sdkAgent';
import { startLyingAgent, LyingAgent } from '../agents/lying';

const cliPath = join(__dirname, '..', '..', 'server', 'dist', 'cli.js');
let sdk: SdkAgent;
let liar: LyingAgent;
let tmp: string;
before(async () => {
  [sdk, liar] = await Promise.all([startSdkAgent({ extended: 'per-user' }), startLyingAgent()]);
  tmp = mkdtempSync(join(tmpdir(), 'a2acap-live-'));
});
after(async () => {
  await Promise.all([sdk.close(), liar.close()]);
  rmSync(tmp, { recursive: true, force: true });
});

function inProcess(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runCliInProcess(args, { cwd: tmp, env });
}

/** The bundled CLI as a child process (async: the agents live in this process and must keep answering). */
function spawned(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a2acap fetch', () => {
  it('bundled CLI: JSON with card, profile, signature outcome and validators; --extended with --credential-env', async () => {
    const r = await spawned(['fetch', sdk.url, '--extended', '--credential-env', 'AGENT_TOKEN', '--format', 'json'], {
      AGENT_TOKEN: SDK_TOKENS.alice,
    });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as Record<string, Record<string, unknown>>;
    assert.equal(out.card!.name, 'SDK Echo Agent');
    assert.equal(out.profile!.usable, true);
    assert.equal(out.signature!.outcome, 'unverifiable');
    assert.match(String(out.validators!.etag), /^W\//);
    assert.equal(out.extended!.status, 'extended');
    assert.ok(Object.keys((out.extended!.profile as { skills: object }).skills).includes('admin-alice'));
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(SDK_TOKENS.alice), 'the token never appears in output');
  });

  it('network and policy failures: exit 2, one line, naming the URL and the limit', async () => {
    for (const [url, pattern] of [
      [`${liar.url}/huge`, /huge\/.*1048576-byte limit/],
      [`${liar.url}/loop`, /more than 5 redirects/],
      [`${liar.url}/html`, /unexpected content type 'text\/html'/],
      ['file:///etc/passwd', /only http and https/],
    ] as const) {
      const r = await inProcess(['fetch', url]);
      assert.equal(r.code, 2, `${url}: ${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, pattern);
    }
  });

  it('credentials only from the environment: a missing variable or a token-looking name is a usage error', async () => {
    const missing = await inProcess(['fetch', sdk.url, '--extended', '--credential-env', 'NOPE']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /NOPE: the environment variable is not set/);
    const token = await inProcess(['fetch', sdk.url, '--extended', '--credential-env', 'Bearer abc.def']);
    assert.equal(token.code, 2);
    assert.match(token.stderr, /never pass a token/);
    assert.doesNotMatch(token.stderr, /abc\.def/);
  });

  it('a signed card served on loopback: --jwks + --require-signed → verified (exit 0); tampered → invalid (exit 1)', async () => {
    const jose = await import('jose');
    const { privateKey, publicKey } = await jose.generateKeyPair('ES256');
    const card = { ...sdk.card, name: 'Signed SDK-shaped card' };
    const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(card).spec))
      .setProtectedHeader({ alg: 'ES256', kid: 'cli-key', typ: 'JOSE' })
      .sign(privateKey);
    const signed = { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] };
    let serve: Record<string, unknown> | string = signed;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(typeof serve === 'string' ? serve : JSON.stringify(serve));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const jwks = join(tmp, 'keys.jwks.json');
    writeFileSync(jwks, JSON.stringify({ keys: [{ ...(await jose.exportJWK(publicKey)), kid: 'cli-key' }] }));
    try {
      const ok = await inProcess(['fetch', url, '--jwks', jwks, '--require-signed', '--format', 'json']);
      assert.equal(ok.code, 0, ok.stderr + ok.stdout);
      const out = JSON.parse(ok.stdout) as { signature: { outcome: string; detail: string }; profile: unknown };
      assert.equal(out.signature.outcome, 'verified', out.signature.detail);
      assert.ok(out.profile);
      serve = { ...signed, description: 'changed after signing' };
      const bad = await inProcess(['fetch', url, '--jwks', jwks, '--require-signed', '--format', 'json']);
      assert.equal(bad.code, 1);
      const badOut = JSON.parse(bad.stdout) as { signature: { outcome: string }; profile: unknown };
      assert.equal(badOut.signature.outcome, 'invalid');
      assert.equal(badOut.profile, null, 'only verified cards compile');
      // The signed card with a second "name" before the signed one: JSON.parse reads the signed card, a first-wins
      // parser reads "Evil Agent". Never verified.
      serve = `{"name":"Evil Agent",${JSON.stringify(signed).slice(1)}`;
      const twice = await inProcess(['fetch', url, '--jwks', jwks, '--require-signed', '--format', 'json']);
      assert.equal(twice.code, 1, twice.stdout);
      const twiceOut = JSON.parse(twice.stdout) as {
        signature: { outcome: string; reason: string; detail: string };
        profile: unknown;
      };
      assert.equal(twiceOut.signature.outcome, 'unverifiable');
      assert.equal(twiceOut.signature.reason, 'duplicate-names');
      assert.match(twiceOut.signature.detail, /"\/name" more than once/);
      assert.equal(twiceOut.profile, null);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('text output and --require-signed on an unsigned card (exit 1)', async () => {
    const r = await inProcess(['fetch', sdk.url, '--require-signed']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /valid\s+no/);
    assert.match(r.stdout, /signature\s+unverifiable: the card carries no signatures/);
  });
});

describe('a2acap probe', () => {
  it("bundled CLI: the issue's JSON shape; exit 0 when nothing is refuted", async () => {
    const r = await spawned(['probe', sdk.url, '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { agent: string; results: Record<string, string>[] };
    assert.equal(out.agent, sdk.url);
    const streaming = out.results.find((x) => x.probe === 'streaming')!;
    assert.deepEqual(Object.keys(streaming).sort(), ['at', 'claim', 'detail', 'outcome', 'probe', 'requirements']);
    assert.equal(streaming.outcome, 'verified');
  });

  it('a lockfile is probed at its agent; the lying agent is refuted (exit 1)', async () => {
    const lock = join(tmp, 'liar.a2a-lock.json');
    writeFileSync(
      lock,
      JSON.stringify({
        agent: liar.url,
        pinned_at: '2026-11-30T00:00:00Z',
        card_digest: `sha256:${'0'.repeat(64)}`,
        requires: { streaming: true },
      }),
    );
    const r = await inProcess([
      'probe',
      lock,
      '--format',
      'json',
      '--safe-request',
      'ping',
      '--media-type',
      'image/png',
      '--min-interval',
      '0',
      '--allow-network',
      'loopback',
    ]);
    assert.equal(r.code, 1, r.stderr);
    const out = JSON.parse(r.stdout) as { agent: string; results: { probe: string; outcome: string }[] };
    assert.equal(out.agent, liar.url);
    const o = Object.fromEntries(out.results.map((x) => [x.probe, x.outcome]));
    assert.equal(o.streaming, 'refuted');
    assert.equal(o['media-type:image/png'], 'refuted');
  });

  it("a lockfile's agent is repository content: a loopback agent is refused unless the run allows loopback", async () => {
    const lock = join(tmp, 'loopback.a2a-lock.json');
    writeFileSync(
      lock,
      JSON.stringify({
        agent: sdk.url,
        pinned_at: '2026-11-30T00:00:00Z',
        card_digest: `sha256:${'0'.repeat(64)}`,
        requires: {},
      }),
    );
    const refused = await inProcess(['probe', lock, '--format', 'json']);
    assert.equal(refused.code, 2, refused.stdout);
    assert.match(
      refused.stderr,
      /loopback address 127\.0\.0\.1 is not reachable from a URL in repository content unless the run allows it/,
    );
    assert.equal(refused.stdout, '');
    // The same URL typed on the command line is the user's: allowed.
    assert.equal((await inProcess(['probe', sdk.url])).code, 0);
    // The environment variable a pipeline sets grants it as the flag does; a typo in it is a usage error.
    assert.equal((await inProcess(['probe', lock], { A2ACAP_ALLOW_NETWORK: 'loopback' })).code, 0);
    const typo = await inProcess(['probe', lock], { A2ACAP_ALLOW_NETWORK: 'loopbak' });
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /A2ACAP_ALLOW_NETWORK: unknown network class "loopbak"/);
    // private does not grant loopback.
    assert.equal((await inProcess(['probe', lock, '--allow-network', 'private'])).code, 2);
  });

  it("probes the interface the project configuration's client would choose (--config)", async () => {
    const plain = await inProcess(['probe', sdk.url]);
    assert.match(plain.stdout.split('\n')[0]!, /\(JSONRPC 1\.0\)$/, plain.stdout);
    const config = join(tmp, 'rest-only.config.json');
    writeFileSync(config, JSON.stringify({ client: { bindings: ['HTTP+JSON@1.0'] } }));
    const r = await inProcess(['probe', sdk.url, '--config', config]);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(r.stdout.split('\n')[0]!, /\(HTTP\+JSON 1\.0\)$/, r.stdout);
    assert.match(r.stdout, /VERIFIED\s+streaming/);
  });

  it('an unreachable agent: exit 2, one line', async () => {
    const r = await inProcess(['probe', `${liar.url}/drip`, '--timeout', '300']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /drip.*300 ms/);
  });
});
