import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentKey, candidateKeys } from '../../../server/src/core/evidence/agentKey';
import { claimsWithEvidence } from '../../../server/src/core/evidence/claims';
import { EvidenceStore } from '../../../server/src/core/evidence/store';
import type { ProbeResult } from '../../../server/src/core/probe/types';
import type { CompiledProfile, Lockfile } from '../../../server/src/core/types';
import { at } from '../../at';

const result = (probe: string, outcome: ProbeResult['outcome'], at: string): ProbeResult => ({
  probe,
  claim: `${probe} claim`,
  outcome,
  detail: `${probe} ${outcome}`,
  at,
});

test('agentKey: a base URL, its card URL and other spellings of the same origin are one agent', () => {
  const key = 'http://127.0.0.1:4000/.well-known/agent-card.json';
  for (const u of [
    'http://127.0.0.1:4000',
    'HTTP://127.0.0.1:4000/',
    'http://127.0.0.1:4000/.well-known/agent-card.json#x',
    ' http://127.0.0.1:4000 ',
  ]) {
    assert.equal(agentKey(u), key, u);
  }
  assert.equal(agentKey('http://127.0.0.1:80/a/card.json'), 'http://127.0.0.1/a/card.json');
  assert.equal(agentKey('../agents/card.json'), '../agents/card.json');
});

test('candidateKeys: each interface URL and its origin, ignoring what is not an http(s) URL', () => {
  const card = { supportedInterfaces: [{ url: 'http://127.0.0.1:4000/a2a' }, { url: 'grpc://x' }, { url: 42 }, null] };
  assert.deepEqual(candidateKeys(card), [
    'http://127.0.0.1:4000/a2a/.well-known/agent-card.json',
    'http://127.0.0.1:4000/.well-known/agent-card.json',
  ]);
  assert.deepEqual(candidateKeys({ supportedInterfaces: 'nope' }), []);
  assert.deepEqual(candidateKeys(null), []);
});

test('EvidenceStore keeps the latest outcome per probe; older evidence never replaces newer', () => {
  const store = new EvidenceStore();
  store.recordProbes('http://127.0.0.1:4000', [
    result('streaming', 'verified', '2026-11-30T10:00:00.000Z'),
    result('version', 'verified', '2026-11-30T10:00:00.000Z'),
  ]);
  // A lockfile pinned earlier says streaming was refuted: the newer probe wins.
  store.recordLockfile('http://127.0.0.1:4000/.well-known/agent-card.json', {
    streaming: { result: 'refuted', probe: 'streaming', at: '2026-11-01T00:00:00.000Z' },
    push: { result: 'verified', probe: 'push', at: '2026-11-01T00:00:00.000Z', detail: 'from the lock' },
    note: 'probe ok last week',
    bogus: { result: 'maybe', probe: 'bogus', at: 'x' } as never,
  });
  const got = store.get('http://127.0.0.1:4000/');
  assert.deepEqual(
    got.map((e) => [e.probe, e.outcome, e.source]),
    [
      ['push', 'verified', 'lockfile'],
      ['streaming', 'verified', 'probe'],
      ['version', 'verified', 'probe'],
    ],
  );
  store.recordProbes('http://127.0.0.1:4000', [result('streaming', 'refuted', '2026-11-30T11:00:00.000Z')]);
  assert.equal(store.get('http://127.0.0.1:4000').find((e) => e.probe === 'streaming')?.outcome, 'refuted');
  assert.equal(store.has('http://127.0.0.1:4001'), false);
  assert.deepEqual(store.get('http://127.0.0.1:4001'), []);
});

const profile: CompiledProfile = {
  usable: true,
  streaming: true,
  push: false,
  extended_card: false,
  interface: { url: 'http://127.0.0.1:4000/a2a', binding: 'JSONRPC', version: '1.0', tenant: null },
};

test('claimsWithEvidence: every card claim with its status, then evidence about other claims', () => {
  const store = new EvidenceStore();
  store.recordProbes('a', [
    result('streaming', 'refuted', '2026-11-30T10:00:00.000Z'),
    result('media-type:image/png', 'verified', '2026-11-30T10:00:00.000Z'),
  ]);
  const claims = claimsWithEvidence(profile, undefined, store.get('a'));
  assert.deepEqual(
    claims.map((c) => [c.probe, c.claimed, c.status]),
    [
      ['version', 'JSONRPC 1.0', 'unverified'],
      ['streaming', 'yes', 'refuted'],
      ['push', 'no (absent or false)', 'unverified'],
      ['extended-card', 'no (absent or false)', 'unverified'],
      ['media-type:image/png', 'media-type:image/png claim', 'verified'],
    ],
  );
  assert.equal(at(claims, 1).detail, 'streaming claim: streaming refuted');
  assert.equal(at(claims, 4).label, 'Accepts image/png');
});

test('claimsWithEvidence: without a usable card, the lockfile says what is pinned', () => {
  const lock: Lockfile = {
    agent: 'x',
    pinned_at: '',
    card_digest: '',
    interface: { binding: 'HTTP+JSON', version: '1.0' },
    requires: { streaming: true },
  };
  assert.deepEqual(
    claimsWithEvidence({ usable: false }, lock, []).map((c) => [c.probe, c.claimed]),
    [
      ['version', 'HTTP+JSON 1.0 (pinned)'],
      ['streaming', 'needed by the lockfile'],
    ],
  );
  assert.deepEqual(claimsWithEvidence(undefined, undefined, []), []);
});

test('claimsWithEvidence: the media types a lockfile sends are claims too, checked against the card', () => {
  const lock: Lockfile = {
    agent: 'x',
    pinned_at: '',
    card_digest: '',
    requires: { skills: { quote: { input: ['text/plain', 'application/json'] }, book: { input: ['text/plain'] } } },
  };
  const card: CompiledProfile = {
    ...profile,
    skills: {
      quote: { input: ['application/json', 'text/plain'], output: [], security: [], tags: [] },
      book: { input: ['application/json'], output: [], security: [], tags: [] },
    },
  };
  const store = new EvidenceStore();
  store.recordProbes('a', [result('media-type:text/plain', 'refuted', '2026-11-30T10:00:00.000Z')]);
  const media = claimsWithEvidence(card, lock, store.get('a')).filter((c) => c.probe.startsWith('media-type:'));
  assert.deepEqual(
    media.map((c) => [c.label, c.claimed, c.status]),
    [
      ['Accepts application/json', 'accepted by quote', 'unverified'],
      ['Accepts text/plain', 'NOT accepted by book', 'refuted'],
    ],
  );
  assert.deepEqual(
    claimsWithEvidence(undefined, lock, [])
      .filter((c) => c.probe.startsWith('media-type:'))
      .map((c) => c.claimed),
    ['sent to quote', 'sent to quote, book'],
  );
});

test('claimsWithEvidence: media-type claims use the lockfile check semantics (own members, wildcards)', () => {
  const card: CompiledProfile = {
    usable: true,
    skills: { scan: { input: ['image/*'], output: [], security: [], tags: [] } },
  };
  const lock = {
    agent: 'a',
    pinned_at: '2026-11-30T00:00:00Z',
    card_digest: 'sha256:x',
    requires: { skills: { scan: { input: ['image/png'] }, constructor: { input: ['text/plain'] } } },
  } as Lockfile;
  const media = claimsWithEvidence(card, lock, [])
    .filter((c) => c.probe.startsWith('media-type:'))
    .map((c) => [c.probe, c.claimed]);
  assert.deepEqual(media, [
    ['media-type:image/png', 'accepted by scan'],
    ['media-type:text/plain', 'NOT accepted by constructor'],
  ]);
});

test('30,000 pinned skills sending one type: one claim, naming a few skills and counting the rest', () => {
  const skills: Record<string, { input: string[]; output: string[] }> = {};
  for (let i = 0; i < 30_000; i++) skills[`s${i}`] = { input: ['text/plain'], output: [] };
  const lock = {
    agent: 'https://a.example/',
    pinned_at: '2026-10-02T08:00:00Z',
    card_digest: `sha256:${'ab'.repeat(32)}`,
    requires: { skills },
  };
  const claims = claimsWithEvidence(undefined, lock as never, []);
  const claim = claims.find((c) => c.probe === 'media-type:text/plain')!;
  assert.match(claim.claimed, /^sent to s0, s1, .*, s9 and 29990 more$/);
});
