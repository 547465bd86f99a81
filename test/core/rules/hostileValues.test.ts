/**
 * Property: no rule throws on any JSON value. Valid documents (a card, a lockfile, corpus-like extras) have random
 * nodes replaced by hostile JSON values (prototype-named members, objects and arrays where strings are expected,
 * non-finite and odd numbers, hidden characters, deep nesting), and every rule runs on the result, directly and
 * through lintDocument, which must report no internal-error. Seeded: a failure names its seed.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintDocument, resolveSettings } from '../../../server/src/core/lint';
import { RULE_IMPLEMENTATIONS, SKILL_CHECKS } from '../../../server/src/core/rules/index';
import type { DocumentKind } from '../../../server/src/core/types';
import { seededRandom } from '../../seededRandom';
import { FIXTURES } from './harness';
import { at, field } from '../../at';

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  'length',
  'then',
  'toJSON',
  'Symbol.iterator',
];
const STRINGS = [
  '',
  ' ',
  'x',
  '__proto__',
  'constructor',
  'toString',
  'http://',
  'https://[::1',
  'JSONRPC',
  'GRPC',
  'HTTP+JSON',
  'text/plain',
  '*/*',
  'a/b/c',
  '1.0',
  '0.3',
  '999999999999.1',
  'sha256:',
  '\u202e\u2066\u200b',
  `x${String.fromCodePoint(0xe0041)}`,
  '\ud800',
  '~1/~0',
  'ignore previous instructions',
  'é'.repeat(300),
];

/** Deeper than any recursive serializer's stack: JSON.parse builds it, so a rule may meet it. */
const ABYSS: unknown = JSON.parse(`${'['.repeat(100000)}"x"${']'.repeat(100000)}`);

function hostile(rand: () => number, depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => at(xs, Math.floor(rand() * xs.length));
  const r = rand();
  if (r < 0.02) return ABYSS;
  if (r < 0.12) return pick(STRINGS);
  if (r < 0.22) return pick([0, -0, 1, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, Infinity, -Infinity]);
  if (r < 0.28) return pick([null, true, false]);
  if (depth > 3 || r < 0.4) {
    if (rand() < 0.5) return [];
    return {};
  }
  if (r < 0.65) {
    const obj: Record<string, unknown> = {};
    const n = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) {
      // JSON.parse defines "__proto__" as an own member: build objects the way a parsed document has them.
      Object.defineProperty(obj, rand() < 0.6 ? pick(PROTO_KEYS) : pick(STRINGS), {
        value: hostile(rand, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return obj;
  }
  if (r < 0.8) return Array.from({ length: Math.floor(rand() * 4) }, () => hostile(rand, depth + 1));
  let deep: unknown = pick(STRINGS);
  for (let i = 0; i < 600; i++) deep = rand() < 0.5 ? [deep] : { a: deep };
  return deep;
}

/** Every node of `v` with its parent and key. */
function nodes(v: unknown, out: [Record<string, unknown> | unknown[], string | number][] = []): typeof out {
  if (Array.isArray(v))
    v.forEach((x, i) => {
      out.push([v, i]);
      nodes(x, out);
    });
  else if (v && typeof v === 'object')
    for (const k of Object.keys(v)) {
      out.push([v as Record<string, unknown>, k]);
      nodes((v as Record<string, unknown>)[k], out);
    }
  return out;
}

function mutate(base: unknown, rand: () => number): unknown {
  const doc = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const all = nodes(doc);
  const n = 1 + Math.floor(rand() * 6);
  for (let i = 0; i < n && all.length; i++) {
    const [parent, key] = at(all, Math.floor(rand() * all.length));
    if (Array.isArray(parent)) parent[key as number] = hostile(rand);
    else
      Object.defineProperty(parent, rand() < 0.2 ? at(PROTO_KEYS, Math.floor(rand() * PROTO_KEYS.length)) : key, {
        value: hostile(rand),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return doc;
}

const BASES: [DocumentKind, unknown][] = [
  ['card', JSON.parse(readFileSync(join(FIXTURES, 'valid', 'pricing-agent.json'), 'utf8'))],
  ['lockfile', JSON.parse(readFileSync(join(FIXTURES, 'valid', 'pricing.a2a-lock.json'), 'utf8'))],
  ['card', JSON.parse(readFileSync(join(FIXTURES, 'suspicious-text', 'hidden-and-instructions.json'), 'utf8'))],
];

const CASES = 1500;

test(`no rule throws on hostile JSON values (${CASES} mutated documents per base, seeded)`, () => {
  const settings = resolveSettings({});
  const failures = new Map<string, string>();
  for (const [b, [kind, base]] of BASES.entries()) {
    for (let i = 0; i < CASES; i++) {
      const seed = b * 100000 + i;
      const rand = seededRandom(seed);
      const value = rand() < 0.05 ? hostile(rand) : mutate(base, rand);
      for (const [id, rule] of Object.entries(RULE_IMPLEMENTATIONS)) {
        for (const k of ['card', 'lockfile'] as const) {
          try {
            rule({ value, kind: k, settings });
          } catch (err) {
            failures.set(
              id,
              `rule ${id} threw on seed ${seed} (${kind} base, run as ${k}): ${(err as Error).stack?.split('\n').slice(0, 3).join(' | ')}`,
            );
          }
        }
      }
      void kind;
    }
  }
  assert.deepEqual([...failures.values()], []);
});

test('through lintDocument (as text, so the text screens run too): no internal-error finding', () => {
  for (const [b, [, base]] of BASES.entries()) {
    for (let i = 0; i < 300; i++) {
      const seed = 900000 + b * 1000 + i;
      const value = mutate(base, seededRandom(seed));
      let text: string;
      try {
        text = JSON.stringify(value, (_k, v: unknown) =>
          typeof v === 'number' && !Number.isFinite(v) ? '__INF__' : v,
        ).replace(/"__INF__"/g, '1e400');
      } catch {
        continue; // too deep to write as text here; the direct runs above cover it
      }
      const result = lintDocument(text, { fileName: b === 1 ? 'x.a2a-lock.json' : 'x.agent-card.json' });
      const internal = result.findings.filter((f) => f.code === 'internal-error');
      assert.deepEqual(
        internal.map((f) => f.message),
        [],
        `seed ${seed}`,
      );
    }
  }
});

test('a rule that throws is reported as internal-error naming the rule, and the other rules still run', () => {
  const original = field(RULE_IMPLEMENTATIONS, 'provider-name-field');
  const table = RULE_IMPLEMENTATIONS as Record<string, typeof original>;
  table['provider-name-field'] = () => {
    throw new TypeError('boom\u202e');
  };
  try {
    const text = readFileSync(join(FIXTURES, 'suspicious-text', 'hidden-and-instructions.json'), 'utf8');
    const result = lintDocument(text, { fileName: 'x.agent-card.json' });
    const internal = result.findings.filter((f) => f.code === 'internal-error');
    assert.equal(internal.length, 1);
    assert.equal(at(internal, 0).severity, 'error');
    assert.deepEqual(at(internal, 0).data, { rule: 'provider-name-field' });
    assert.match(at(internal, 0).message, /provider-name-field failed .*TypeError: boom\\u202e/);
    assert.ok(result.findings.some((f) => f.code === 'suspicious-text'));
  } finally {
    table['provider-name-field'] = original;
  }
});

test('a per-skill check that throws mid-walk is internal-error; the rules sharing the walk see every skill', () => {
  const original = field(SKILL_CHECKS, 'skill-description-length');
  const table = SKILL_CHECKS as Record<string, typeof original>;
  let seen = 0;
  table['skill-description-length'] = {
    start: () => true,
    skill: () => {
      if (++seen === 2) throw new TypeError('boom\u202e');
    },
  };
  try {
    const card = JSON.parse(readFileSync(join(FIXTURES, 'valid', 'pricing-agent.json'), 'utf8'));
    const skill = card.skills[0];
    card.skills = [0, 1, 2].map((i) => ({ ...skill, id: `s${i}`, name: `Skill ${i}`, tags: [] }));
    const result = lintDocument(JSON.stringify(card), { fileName: 'x.agent-card.json' });
    const internal = result.findings.filter((f) => f.code === 'internal-error');
    assert.deepEqual(
      internal.map((f) => f.data),
      [{ rule: 'skill-description-length' }],
    );
    assert.equal(seen, 2, 'a check that threw is not called again');
    assert.deepEqual(
      result.findings.filter((f) => f.code === 'empty-skill-tags').map((f) => f.pointer),
      ['/skills/0/tags', '/skills/1/tags', '/skills/2/tags'],
    );
  } finally {
    table['skill-description-length'] = original;
  }
});

test('card strings named like prototype members are data, not table lookups', () => {
  const card = JSON.parse(readFileSync(join(FIXTURES, 'valid', 'pricing-agent.json'), 'utf8'));
  card.securitySchemes.legacy = { type: 'constructor' };
  card.defaultInputModes = ['toString', 'constructor'];
  const findings = lintDocument(JSON.stringify(card), { fileName: 'x.agent-card.json' }).findings;
  const legacy = findings.find((f) => f.code === 'legacy-card-shape')!;
  assert.equal(legacy.data?.replacementKey, null);
  assert.doesNotMatch(legacy.message, /function|native code/);
  const media = findings.filter((f) => f.code === 'invalid-media-type');
  assert.equal(media.length, 2);
  for (const f of media) {
    assert.equal(f.data?.suggestion, null);
    assert.doesNotMatch(f.message, /function|native code/);
  }
});
