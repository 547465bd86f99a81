/**
 * `a2acap check --live --probe`: lockfiles pinned with `pin --probe` carry the evidence of the probes that backed
 * them; the check probes the agent again and a claim verified when pinned and refuted now breaks the lockfile,
 * naming the A2A test kit requirement. Real agents on loopback: the example pricing agent (does what it claims)
 * and the lying agent (claims streaming, refuses it).
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { LYING_EXTENSION, startLyingAgent, type LyingAgent } from '../agents/lying';
import { cli, tempDir } from './helpers';

let pricing: PricingAgent;
let liar: LyingAgent;
before(async () => {
  [pricing, liar] = await Promise.all([startPricingAgent({ port: 0 }), startLyingAgent({})]);
});
after(async () => {
  await Promise.all([pricing.close(), liar.close()]);
});

interface Report {
  results: { classification: string; problems: { level: string; pointer: string; message: string }[] }[];
}

describe('check --live --probe', () => {
  it('re-verifies the evidence of a lockfile pinned with --probe: still verified, exit 0', async (t) => {
    const dir = tempDir(t, 'a2a-check-probe-');
    const pin = await cli(
      [
        'pin',
        pricing.url,
        '--skill',
        'itinerary-pricing',
        '--input',
        'text/plain',
        '--streaming',
        '--out',
        'p.a2a-lock.json',
        '--probe',
      ],
      dir,
    );
    assert.equal(pin.code, 0, pin.stderr);
    const lock = JSON.parse(readFileSync(join(dir, 'p.a2a-lock.json'), 'utf8')) as {
      verified: Record<string, { result: string }>;
    };
    assert.equal(lock.verified.streaming?.result, 'verified');
    const r = await cli(['check', '--live', '--probe', 'p.a2a-lock.json'], dir);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as Report).results[0]?.problems, []);
  });

  it('a claim verified when pinned and refuted now is breaking, with its TCK requirement; without --probe nothing is probed', async (t) => {
    const dir = tempDir(t, 'a2a-check-probe-');
    const pin = await cli(
      [
        'pin',
        liar.url,
        '--skill',
        'echo',
        '--input',
        'text/plain',
        '--streaming',
        '--extension',
        LYING_EXTENSION,
        '--out',
        'l.a2a-lock.json',
      ],
      dir,
    );
    assert.equal(pin.code, 0, pin.stderr);
    const path = join(dir, 'l.a2a-lock.json');
    const lock = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    // As `pin --probe` records it when the agent did stream at the time.
    lock.verified = { streaming: { result: 'verified', probe: 'streaming', at: '2026-01-01T00:00:00.000Z' } };
    writeFileSync(path, JSON.stringify(lock, null, 2));

    const plain = await cli(['check', '--live', 'l.a2a-lock.json'], dir);
    assert.equal(plain.code, 0, plain.stdout + plain.stderr);
    const probed = await cli(['check', '--live', '--probe', 'l.a2a-lock.json'], dir);
    assert.equal(probed.code, 1, probed.stdout + probed.stderr);
    const result = (JSON.parse(probed.stdout) as Report).results[0]!;
    assert.equal(result.classification, 'breaking');
    assert.equal(result.problems[0]?.pointer, '/verified/streaming');
    assert.match(
      result.problems[0]!.message,
      /^probe streaming \[CORE-CAP-002\] was verified when pinned, now refuted: /,
    );
  });

  it('--probe needs --live', async () => {
    const fixture = join(__dirname, '..', 'fixtures', 'check', 'compatible-identical');
    const r = await cli(['check', '--card', 'card.json', 'lock.json', '--probe'], fixture);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--probe applies to --live checks/);
  });
});
