// Lockfile agents at IANA special-purpose addresses and at IPv6 forms that carry a non-public IPv4 address. Runs
// inside a loopback-only network namespace (scripts/test.mjs); each test asserts that OUR policy refused the
// address (the refusal sentence), not the kernel.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from '../cli/helpers';

function lockfile(agent: string): string {
  return JSON.stringify({
    lockfile_version: 1,
    agent,
    pinned_at: '2026-11-30T12:00:00Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    requires: {},
  });
}

async function checkLive(agent: string, env: Record<string, string>): Promise<string> {
  const dir = tempDir({ after: (fn) => cleanups.push(fn) }, 'a2a-netns-');
  writeFileSync(join(dir, 'a.a2a-lock.json'), lockfile(agent));
  const r = await cli(['check', 'a.a2a-lock.json', '--live', '--format', 'text'], dir, env);
  assert.equal(r.code, 2, agent);
  return r.stdout + r.stderr;
}

const cleanups: (() => void)[] = [];

describe('special-purpose and embedded addresses in a lockfile', () => {
  it('benchmarking, documentation, IETF protocol and future-use IPv4 ranges are never reached', async () => {
    for (const host of [
      '198.18.0.1',
      '198.19.1.1',
      '192.0.0.170',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '240.0.0.1',
    ])
      assert.match(
        await checkLive(`http://${host}/card.json`, { A2ACAP_ALLOW_NETWORK: 'loopback,private' }),
        new RegExp(`refused by the address policy: reserved address ${host.replace(/\./g, '\\.')} is never allowed`),
      );
    for (const fn of cleanups.splice(0)) fn();
  });

  it('IPv6 forms carrying a loopback or private IPv4 address are judged as that address', async () => {
    for (const [host, cls] of [
      ['[2002:7f00:1::]', 'loopback'],
      ['[::ffff:0:7f00:1]', 'loopback'],
      ['[64:ff9b::a00:1]', 'private'],
      ['[64:ff9b:1::808:808]', 'private'],
      ['[2001:0:4136:e378:8000:63bf:80ff:fffe]', 'loopback'],
    ] as const)
      assert.match(
        await checkLive(`http://${host}/card.json`, {}),
        new RegExp(
          `refused by the address policy: ${cls} address \\S+ is not reachable from a URL in repository content`,
        ),
        host,
      );
    for (const fn of cleanups.splice(0)) fn();
  });
});
