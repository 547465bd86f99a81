/** A lockfile's pinned card whose interface URLs carry userinfo: its hover and tree show them without it. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compileProfile } from '../../server/src/core/profile/compile';
import type { Lockfile } from '../../server/src/core/types';
import { lockTree } from '../../server/src/app/document/capabilities';
import { lockfileHover } from '../../server/src/app/document/hoverLockfile';
import type { LockfileAgainstCard } from '../../server/src/app/document/pinnedCard';

const fixtures = join(__dirname, '..', 'fixtures', 'redact');
const passwords = JSON.parse(readFileSync(join(fixtures, 'userinfo-interfaces.passwords.json'), 'utf8')) as string[];
const card = JSON.parse(readFileSync(join(fixtures, 'userinfo-interfaces.card.json'), 'utf8')) as Record<
  string,
  unknown
>;
const lock: Lockfile = {
  agent: './agent-card.json',
  pinned_at: '2026-01-01T00:00:00Z',
  card_digest: 'sha256:0',
  interface: { binding: 'JSONRPC', version: '1.0' },
  requires: {},
};
const r: LockfileAgainstCard = {
  lock,
  agent: '/repo/agent-card.json',
  pinned: { source: 'agent-card.json', card, profile: compileProfile(card) },
};

test('the lockfile hover on interface names the URL without its userinfo', () => {
  // Markdown escapes punctuation: compared without the escapes, so an escaped password would be found too.
  const hover = (lockfileHover(['interface'], r) ?? '').replace(/\\/g, '');
  assert.match(hover, /pricing\.example\.com\/a2a/);
  for (const password of passwords) assert.ok(!hover.includes(password), hover);
  assert.doesNotMatch(hover, /caller/);
});

test('the lockfile tree carries the pinned profile without URL userinfo', () => {
  const text = JSON.stringify(lockTree(r));
  assert.match(text, /pricing\.example\.com\/a2a/);
  for (const password of passwords) assert.ok(!text.includes(password), text);
  assert.doesNotMatch(text, /caller|ops:|grpc:/);
});
