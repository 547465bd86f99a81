/** A lockfile's provider (found_via.identifier, else the agent's origin) and the update branch made from it. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { providerOf, updateBranchFor } from '../../../server/src/core/lockfile/provider';

test('the provider: the catalog identifier when there is one, else the origin of the agent', () => {
  const agent = 'https://agents.example.com:8443/pricing/.well-known/agent-card.json?x=1';
  assert.equal(providerOf({ agent }), 'https://agents.example.com:8443');
  assert.equal(providerOf({ agent: 'HTTP://Agents.Example.com:80/a' }), 'http://agents.example.com');
  assert.equal(
    providerOf({ agent, found_via: { catalog: 'https://c.example/catalog.json', identifier: 'acme/pricing' } }),
    'acme/pricing',
  );
  assert.equal(providerOf({ agent: 'cards/pricing.agent-card.json' }), 'cards/pricing.agent-card.json');
});

test('found_via is read defensively: anything but a non-empty string identifier falls back to the origin', () => {
  const agent = 'http://127.0.0.1:41300/';
  for (const found_via of [null, 'acme', [], {}, { identifier: 42 }, { identifier: '  ' }, { identifier: null }])
    assert.equal(providerOf({ agent, found_via }), 'http://127.0.0.1:41300', JSON.stringify(found_via));
  assert.equal(providerOf({}), '');
  assert.equal(providerOf({ agent: 42 }), '');
});

/** Provider strings written to break a branch name, a shell line or a path. */
const HOSTILE = [
  '',
  ' ',
  '.',
  '..',
  '../../etc/passwd',
  '/',
  '//',
  'a/../b',
  '.hidden',
  'name.lock',
  'name.lock.',
  'x@{1}',
  '@',
  'a b\tc\nd',
  '$(touch pwned)',
  '`id`',
  "'; rm -rf / #",
  'refs/heads/main',
  '-n',
  '--force',
  'a~1^2:3?*[x]\\',
  '\u0000\u0001\u007f',
  '\u202egnp.exe',
  'p\u0430ypal',
  'x'.repeat(5000),
  '.'.repeat(300),
  '\ud800',
  'https://agent.example.com:8443',
  'acme/pricing',
];

test('update branches: valid git branch names for hostile providers, distinct for distinct providers', () => {
  const seen = new Map<string, string>();
  for (const provider of HOSTILE) {
    const branch = updateBranchFor(provider);
    assert.match(branch, /^a2acap\/update\/[A-Za-z0-9._-]+$/, JSON.stringify(provider));
    assert.ok(branch.length <= 'a2acap/update/'.length + 60 + 9, branch);
    const check = spawnSync('git', ['check-ref-format', '--branch', branch], { encoding: 'utf8' });
    assert.equal(check.status, 0, `${JSON.stringify(provider)} → ${branch}: ${check.stderr}`);
    const name = branch.slice('a2acap/update/'.length);
    assert.doesNotMatch(name, /^[.-]|[.-]$|\.\.|\.lock$/i, branch);
    if (provider !== '\ud800') {
      assert.ok(!seen.has(branch) || seen.get(branch) === provider, `${branch} for two providers`);
      seen.set(branch, provider);
    }
  }
});

test('update branches: a provider that is already a clean name is kept as it is; others get a hash', () => {
  assert.equal(updateBranchFor('acme-pricing'), 'a2acap/update/acme-pricing');
  assert.match(
    updateBranchFor('https://agent.example.com:8443'),
    /^a2acap\/update\/https-agent\.example\.com-8443-[0-9a-f]{8}$/,
  );
  assert.notEqual(updateBranchFor('https://a.b'), updateBranchFor('https-a.b'));
  assert.notEqual(updateBranchFor('acme/pricing'), updateBranchFor('acme-pricing'));
  assert.equal(updateBranchFor('x'), updateBranchFor('x'));
});

test('a provider key never carries URL credentials (it becomes a branch name and a --provider value)', () => {
  const provider = providerOf({
    agent: 'https://agent.example/',
    found_via: { catalog: 'https://c.example/', identifier: 'acme https://admin:tokentoken123@catalog.example/x' },
  });
  assert.doesNotMatch(provider, /tokentoken123/);
  assert.doesNotMatch(updateBranchFor(provider), /tokentoken123/);
  assert.match(provider, /^acme https:\/\/catalog\.example\/x$/);
});

test('a URL glued to the text before it loses its credentials too', () => {
  for (const identifier of [
    'Agent 7https://user:hunter2fuzzsecret@catalog.example/x',
    'pricing@~^:?*[\\Agent 7https://user:hunter2fuzzsecret@catalog.example/xwww.evil.example',
    'x7https://catalog.example/?api_key=hunter2fuzzsecret',
  ]) {
    const provider = providerOf({ agent: 'https://a.example/', found_via: { identifier } });
    assert.doesNotMatch(provider, /hunter2fuzzsecret/, identifier);
  }
});
