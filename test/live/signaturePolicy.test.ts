// The signature policy, each mode × each outcome, the same through the CLI (`fetch --signature-policy`), the
// library (`fetchCard({ signaturePolicy })`) and the language server (`a2a.signatures.policy`), against a card
// server on 127.0.0.1 serving an unsigned, a verified, an untrusted (unknown kid) or an invalid (edited after
// signing) card. The deprecated switches are aliases of `require`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliInProcess, type CliRun } from '../cliRunner';
import { canonicalPayloads } from '../../server/src/core/signature/canonical';
import { createNetworkClient, createTrustStore, fetchCard, type NetworkClient } from '../../server/src/api';
import { FetchCardRequest } from '../../server/src/protocol';
import { normalizeSettings } from '../../server/src/app/document/settings';
import { sdkPublicCard } from '../agents/sdkAgent';
import { startLsp, type LspSession } from '../lsp/harness';

type Served = 'unsigned' | 'verified' | 'untrusted' | 'invalid';
type Mode = 'off' | 'verify-if-present' | 'require';
const SERVED: Served[] = ['unsigned', 'verified', 'untrusted', 'invalid'];

/** The table docs/live-agents.md shows: valid (true) or refused with the finding's code. */
const EXPECTED: Record<Mode, Record<Served, true | string>> = {
  off: { unsigned: true, verified: true, untrusted: true, invalid: true },
  'verify-if-present': { unsigned: true, verified: true, untrusted: true, invalid: 'signature-invalid' },
  require: {
    unsigned: 'signature-required',
    verified: true,
    untrusted: 'signature-required',
    invalid: 'signature-required',
  },
};
/** The outcome reported with the card ('none': not checked). */
const REPORTED: Record<Served, string> = {
  unsigned: 'unverifiable',
  verified: 'verified',
  untrusted: 'unverifiable',
  invalid: 'invalid',
};

let server: Server;
let base: string;
let tmp: string;
let jwksFile: string;
let publicJwk: Record<string, unknown>;
const bodies = {} as Record<Served, string>;

before(async () => {
  const jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('ES256');
  publicJwk = { ...(await jose.exportJWK(publicKey)), kid: 'policy-key' };
  const card = sdkPublicCard('https://agent.example');
  const sign = async (kid: string) => {
    const jws = await new jose.FlattenedSign(new TextEncoder().encode(canonicalPayloads(card).spec))
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JOSE' })
      .sign(privateKey);
    return { ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] };
  };
  const signed = await sign('policy-key');
  bodies.unsigned = JSON.stringify(card);
  bodies.verified = JSON.stringify(signed);
  bodies.untrusted = JSON.stringify(await sign('someone-elses-key'));
  bodies.invalid = JSON.stringify({ ...signed, description: 'changed after signing' });
  server = createServer((req, res) => {
    const which = (req.url ?? '').slice(1).split('/')[0] as Served;
    if (!SERVED.includes(which)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(bodies[which]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tmp = mkdtempSync(join(tmpdir(), 'a2acap-policy-'));
  jwksFile = join(tmp, 'keys.jwks.json');
  writeFileSync(jwksFile, JSON.stringify({ keys: [publicJwk] }));
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(tmp, { recursive: true, force: true });
});

const cardUrl = (served: Served) => `${base}/${served}/card.json`;

function cli(args: string[]): Promise<CliRun> {
  return runCliInProcess(args, { cwd: tmp });
}

describe('a2acap fetch --signature-policy', () => {
  for (const mode of Object.keys(EXPECTED) as Mode[]) {
    for (const served of SERVED) {
      const expected = EXPECTED[mode][served];
      it(`${mode} × ${served}: ${expected === true ? 'valid' : expected}`, async () => {
        const r = await cli([
          'fetch',
          cardUrl(served),
          '--jwks',
          jwksFile,
          '--signature-policy',
          mode,
          '--format',
          'json',
        ]);
        const out = JSON.parse(r.stdout) as {
          valid: boolean;
          findings: { code: string }[];
          signature?: { outcome: string };
          profile: unknown;
        };
        assert.equal(r.code, expected === true ? 0 : 1, r.stderr + r.stdout);
        assert.equal(out.valid, expected === true);
        assert.equal(out.profile === null, expected !== true, 'a refused card is not compiled');
        if (expected !== true)
          assert.ok(
            out.findings.some((f) => f.code === expected),
            JSON.stringify(out.findings),
          );
        assert.equal(out.signature?.outcome, mode === 'off' ? undefined : REPORTED[served]);
      });
    }
  }

  it('without the flag the policy is verify-if-present; --require-signed is require', async () => {
    assert.equal((await cli(['fetch', cardUrl('invalid'), '--jwks', jwksFile])).code, 1);
    assert.equal((await cli(['fetch', cardUrl('unsigned'), '--jwks', jwksFile])).code, 0);
    const required = await cli([
      'fetch',
      cardUrl('unsigned'),
      '--jwks',
      jwksFile,
      '--require-signed',
      '--format',
      'json',
    ]);
    assert.equal(required.code, 1);
    assert.match(required.stdout, /signature-required/);
  });

  it('contradicting flags and an unknown mode are usage errors (exit 2, one line)', async () => {
    const both = await cli(['fetch', cardUrl('verified'), '--require-signed', '--signature-policy', 'off']);
    assert.equal(both.code, 2);
    assert.match(
      both.stderr,
      /--require-signed means --signature-policy require; it contradicts --signature-policy off/,
    );
    assert.equal(
      (
        await cli([
          'fetch',
          cardUrl('verified'),
          '--require-signed',
          '--signature-policy',
          'require',
          '--jwks',
          jwksFile,
        ])
      ).code,
      0,
    );
    const unknown = await cli(['fetch', cardUrl('verified'), '--signature-policy', 'strict']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--signature-policy must be one of off, verify-if-present, require/);
  });
});

describe('fetchCard({ signaturePolicy }) in the library', () => {
  let network: NetworkClient;
  before(() => {
    network = createNetworkClient({ allowNetwork: ['loopback'] });
  });
  after(async () => {
    await network.close();
  });

  for (const mode of Object.keys(EXPECTED) as Mode[]) {
    it(`${mode}: ${SERVED.map((s) => `${s} → ${EXPECTED[mode][s] === true ? 'valid' : EXPECTED[mode][s]}`).join(', ')}`, async () => {
      const trust = createTrustStore({ 'policy-key': publicJwk });
      for (const served of SERVED) {
        const expected = EXPECTED[mode][served];
        const r = await fetchCard(cardUrl(served), { network, trust, signaturePolicy: mode });
        assert.equal(r.valid, expected === true, `${served}: ${JSON.stringify(r.findings)}`);
        if (expected !== true)
          assert.ok(
            r.findings.some((f) => f.code === expected),
            served,
          );
        assert.equal(r.signature?.outcome, mode === 'off' ? undefined : REPORTED[served], served);
      }
    });
  }

  it('requireSigned: true is require, whatever signaturePolicy says; without trust, require refuses and the default does not', async () => {
    const trust = createTrustStore({ 'policy-key': publicJwk });
    assert.equal(
      (await fetchCard(cardUrl('unsigned'), { network, trust, signaturePolicy: 'off', requireSigned: true })).valid,
      false,
    );
    assert.equal(
      (await fetchCard(cardUrl('invalid'), { network })).valid,
      true,
      'nothing to verify against: not refused by the default',
    );
    const none = await fetchCard(cardUrl('verified'), { network, signaturePolicy: 'require' });
    assert.equal(none.valid, false);
    assert.match(
      none.findings.find((f) => f.code === 'signature-required')?.message ?? '',
      /no signature verifier is configured/,
    );
  });
});

describe('a2a.signatures.policy in the language server', () => {
  it('the setting, with the deprecated boolean as an alias of require', () => {
    const policy = (signatures: unknown) => normalizeSettings({ signatures }).signatures.policy;
    assert.equal(policy(undefined), 'verify-if-present');
    assert.equal(policy({ policy: 'off' }), 'off');
    assert.equal(policy({ policy: 'require' }), 'require');
    assert.equal(policy({ policy: 'strict' }), 'verify-if-present', 'an unknown mode falls back to the default');
    assert.equal(policy({ require: true }), 'require');
    assert.equal(policy({ require: true, policy: 'off' }), 'require', 'the old boolean never loosens');
    assert.equal(policy({ require: 'yes' }), 'verify-if-present');
  });

  describe('a2a/fetchCard over stdio', () => {
    let s: LspSession;
    before(async () => {
      s = await startLsp({ settings: { workspaceTrusted: true, trustStore: { 'policy-key': publicJwk } } });
    });
    after(async () => {
      await s.stop();
    });

    for (const mode of Object.keys(EXPECTED) as Mode[]) {
      it(`${mode}`, async () => {
        await s.updateSettings({
          workspaceTrusted: true,
          trustStore: { 'policy-key': publicJwk },
          signatures: { policy: mode, require: false },
        });
        for (const served of SERVED) {
          const expected = EXPECTED[mode][served];
          const r = await s.connection.sendRequest(FetchCardRequest.type, { url: cardUrl(served) });
          assert.equal(r.error, undefined);
          assert.equal(r.valid, expected === true, `${served}: ${JSON.stringify(r.findings)}`);
          if (expected !== true)
            assert.ok(
              r.findings.some((f) => f.code === expected),
              served,
            );
          assert.equal(r.signature?.outcome, mode === 'off' ? undefined : REPORTED[served], served);
        }
      });
    }

    it('the deprecated a2a.signatures.require: true still refuses an unsigned card', async () => {
      await s.updateSettings({
        workspaceTrusted: true,
        trustStore: { 'policy-key': publicJwk },
        signatures: { require: true },
      });
      const r = await s.connection.sendRequest(FetchCardRequest.type, { url: cardUrl('unsigned') });
      assert.equal(r.valid, false);
      assert.ok(r.findings.some((f) => f.code === 'signature-required'));
    });
  });
});
