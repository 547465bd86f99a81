// Lockfile agents at private and link-local addresses (repository content: a pull request can add such a
// lockfile). Runs inside a loopback-only network namespace (scripts/test.mjs); each test asserts that OUR policy
// refused the address (the refusal sentence), not the kernel (ENETUNREACH).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from '../cli/helpers';
import { checkAddress } from '../../server/src/core/net/policy';
import { describeAllowance, mergeAllowances, parseNetworkAllowance } from '../../server/src/core/net/allowance';

function lockfile(agent: string): string {
  return JSON.stringify({
    lockfile_version: 1,
    agent,
    pinned_at: '2026-11-30T12:00:00Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    requires: {},
  });
}

const COMMANDS = [
  ['check', 'a.a2a-lock.json', '--live'],
  ['update', 'a.a2a-lock.json'],
  ['probe', 'a.a2a-lock.json'],
];

describe('lockfile agents at non-public addresses', () => {
  it('a private agent (10.0.0.1) is refused by check --live, update and probe LOCK without an allowance', async (t) => {
    const dir = tempDir(t, 'a2a-netns-');
    writeFileSync(join(dir, 'a.a2a-lock.json'), lockfile('http://10.0.0.1/.well-known/agent-card.json'));
    for (const argv of COMMANDS) {
      const r = await cli(argv, dir, {});
      assert.equal(r.code, 2, argv[0]);
      assert.match(
        r.stdout + r.stderr,
        /refused by the address policy: private address 10\.0\.0\.1 is not reachable from a URL in repository content unless the run allows it \(--allow-network private or A2ACAP_ALLOW_NETWORK\)/,
        argv[0],
      );
      // Loopback granted is not private granted.
      const loopbackOnly = await cli(argv, dir, { A2ACAP_ALLOW_NETWORK: 'loopback' });
      assert.match(loopbackOnly.stdout + loopbackOnly.stderr, /private address 10\.0\.0\.1 is not reachable/, argv[0]);
    }
  });

  it('with --allow-network private the request is attempted (the namespace has no route: a network error, not the policy)', async (t) => {
    const dir = tempDir(t, 'a2a-netns-');
    writeFileSync(join(dir, 'a.a2a-lock.json'), lockfile('http://10.0.0.1/.well-known/agent-card.json'));
    const r = await cli(['check', 'a.a2a-lock.json', '--live', '--allow-network', 'private'], dir, {});
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stdout + r.stderr, /address policy/);
  });

  for (const agent of [
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/card.json',
    'http://100.100.100.200/card.json',
  ]) {
    it(`${agent} is refused always, even with --allow-network loopback,private and the environment variable`, async (t) => {
      const dir = tempDir(t, 'a2a-netns-');
      writeFileSync(join(dir, 'a.a2a-lock.json'), lockfile(agent));
      for (const argv of COMMANDS) {
        const r = await cli([...argv, '--allow-network', 'loopback,private'], dir, {
          A2ACAP_ALLOW_NETWORK: 'loopback,private',
        });
        assert.equal(r.code, 2, argv[0]);
        assert.match(
          r.stdout + r.stderr,
          /refused by the address policy: (link-local|metadata) address \S+ is never allowed/,
          `${argv[0]}: ${r.stdout}${r.stderr}`,
        );
      }
    });
  }
});

describe('the repository origin and the allowance (pure decisions)', () => {
  const allow = (text: string) => {
    const r = parseNetworkAllowance(text);
    assert.ok(r.ok);
    return r.allow;
  };
  it('public only without a grant; each class only when granted; never link-local, metadata or unspecified', () => {
    assert.equal(checkAddress('h', '93.184.216.34', { origin: 'repository' }).allowed, true);
    for (const ip of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', 'fd12::1'])
      assert.equal(checkAddress('h', ip, { origin: 'repository' }).allowed, false, ip);
    assert.equal(checkAddress('h', '127.0.0.1', { origin: 'repository', allow: allow('loopback') }).allowed, true);
    assert.equal(checkAddress('h', '10.0.0.1', { origin: 'repository', allow: allow('loopback') }).allowed, false);
    assert.equal(checkAddress('h', '10.0.0.1', { origin: 'repository', allow: allow('private') }).allowed, true);
    for (const ip of ['169.254.169.254', 'fe80::1', '100.100.100.200', '0.0.0.0', '::ffff:169.254.169.254']) {
      assert.equal(
        checkAddress('h', ip, { origin: 'repository', allow: allow('loopback,private') }).allowed,
        false,
        ip,
      );
    }
    // The user's allowlist is a user setting for card URLs; it does not widen repository URLs.
    assert.equal(
      checkAddress('intra.test', '10.0.0.1', { origin: 'repository', allowHosts: ['intra.test'] }).allowed,
      false,
    );
  });
  it('parsing is strict; grants add up; none/public grant nothing', () => {
    assert.equal(describeAllowance(allow(' Loopback , private ')), 'loopback,private');
    assert.equal(describeAllowance(allow('none')), 'none');
    assert.equal(describeAllowance(allow('')), 'none');
    assert.equal(describeAllowance(mergeAllowances(allow('private'), allow('loopback'))), 'loopback,private');
    for (const bad of ['link-local', 'metadata', 'all', 'loopback;private'])
      assert.equal(parseNetworkAllowance(bad).ok, false, bad);
  });
});
