// Profile compiler: table-driven from test/fixtures/compile/<case>.card.json (+ optional <case>.client.json)
// against <case>.profile.json (the whole expected profile, provenance included, as data).
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { selectInterface } from '../../../server/src/core/profile/selectInterface';
import { covers } from '../../../server/src/core/profile/mediaType';
import { majorMinor } from '../../../server/src/core/profile/version';
import { DEFAULT_CLIENT } from '../../../server/src/core/types';
import type { ClientConfig } from '../../../server/src/core/types';
import { seededRandom } from '../../seededRandom';
import { at } from '../../at';

const dir = join(__dirname, '..', '..', 'fixtures', 'compile');
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.card.json'))
  .map((f) => f.slice(0, -'.card.json'.length))
  .sort();

describe('compileProfile: fixture table', () => {
  it('has fixtures', () => assert.ok(cases.length >= 10, `found ${cases.length} cases`));
  for (const name of cases) {
    it(name, () => {
      const client = existsSync(join(dir, `${name}.client.json`))
        ? (readJson(`${name}.client.json`) as ClientConfig)
        : undefined;
      const actual = compileProfile(readJson(`${name}.card.json`), client);
      // Round-trip through JSON: the profile is a JSON contract, and this is what the CLI prints.
      assert.deepStrictEqual(JSON.parse(JSON.stringify(actual)), readJson(`${name}.profile.json`));
    });
  }
});

describe('compileProfile: untrusted input', () => {
  const junk: unknown[] = [
    null,
    undefined,
    0,
    'card',
    true,
    [],
    {},
    { supportedInterfaces: 'x' },
    { supportedInterfaces: [null, 1, 'x', []] },
    { supportedInterfaces: [{ url: 1, protocolBinding: {}, protocolVersion: [] }] },
    { skills: { a: 1 } },
    { capabilities: [] },
    { capabilities: { extensions: [null, { uri: 5, required: true }, { required: true }] } },
    { securityRequirements: [null, 1, { schemes: null }] },
    { securitySchemes: [] },
    { defaultInputModes: [1, null, {}] },
  ];
  for (const card of junk) {
    it(`never throws on ${JSON.stringify(card) ?? 'undefined'}`, () => {
      const p = compileProfile(card);
      assert.equal(typeof p.usable, 'boolean');
      if (!p.usable) assert.ok(p.reason && p.reason.length > 0);
    });
  }

  it('explains what kind of value a non-object card is', () => {
    assert.equal(compileProfile(null).reason, 'the card is null, not a JSON object');
    assert.equal(compileProfile('x').reason, 'the card is a string, not a JSON object');
  });

  it('does not pollute any prototype with "__proto__" skill ids and scheme names', () => {
    const card = JSON.parse(
      '{"supportedInterfaces":[{"url":"https://h.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],' +
        '"securitySchemes":{"__proto__":{"mtlsSecurityScheme":{}}},' +
        '"skills":[{"id":"__proto__","tags":["polluted"]},{"id":"toString","tags":["t"]},{"id":"hasOwnProperty","tags":["t"]}]}',
    );
    const p = compileProfile(card);
    assert.equal(({} as Record<string, unknown>).tags, undefined);
    assert.equal(Object.getPrototypeOf(p.skills), Object.prototype);
    assert.deepEqual(Object.keys(p.skills!), ['__proto__', 'toString', 'hasOwnProperty']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(p.skills, '__proto__')?.value.tags, ['polluted']);
    assert.equal(typeof p.skills!.toString, 'object', 'a skill named toString is data, not the method');
    assert.ok(JSON.stringify(p).includes('"__proto__":{"input"'));
  });

  it('compiles 20,000 skills without trouble', () => {
    const skills = Array.from({ length: 20000 }, (_, i) => ({
      id: `s${i}`,
      name: 'n',
      description: 'd',
      tags: ['t'],
      inputModes: i % 2 ? ['image/*'] : [],
    }));
    const p = compileProfile({
      supportedInterfaces: [{ url: 'https://x.example.com', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      defaultInputModes: ['text/plain'],
      skills,
    });
    assert.equal(Object.keys(p.skills!).length, 20000);
    assert.deepEqual(p.provenance!.skills.s1!.droppedInput, ['text/plain']);
  });

  it('tolerates 10,000-deep nesting inside a card member', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10000; i++) deep = [deep];
    const p = compileProfile({
      supportedInterfaces: [{ url: 'https://x.example.com', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      skills: deep,
      capabilities: { extensions: deep },
    });
    assert.equal(p.usable, true);
    assert.deepEqual(p.skills, {});
  });
});

describe('selectInterface', () => {
  const entry = (protocolBinding: string, protocolVersion: string, extra: Record<string, unknown> = {}) => ({
    url: 'https://a.example.com',
    protocolBinding,
    protocolVersion,
    ...extra,
  });

  it('follows the card order, not the client list order', () => {
    const client: ClientConfig = {
      bindings: [
        { binding: 'HTTP+JSON', version: '1.0' },
        { binding: 'JSONRPC', version: '1.0' },
      ],
      knownExtensions: [],
    };
    const s = selectInterface([entry('JSONRPC', '1.0'), entry('HTTP+JSON', '1.0')], client);
    assert.equal(s.chosen, 0);
    assert.equal(at(s.decisions, 1).reason, 'interface #0 was chosen first');
  });

  it('skips entries without url, binding or version, saying which', () => {
    const s = selectInterface(
      [
        { protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: 'u', protocolVersion: '1.0' },
        { url: 'u', protocolBinding: 'JSONRPC' },
        entry('JSONRPC', '1.0'),
      ],
      DEFAULT_CLIENT,
    );
    assert.deepEqual(
      s.decisions.map((d) => d.reason),
      ['no url', 'no protocolBinding', 'no protocolVersion', undefined],
    );
    assert.equal(s.chosen, 3);
  });

  it('treats a patch version as its Major.Minor and compares bindings exactly', () => {
    assert.equal(selectInterface([entry('JSONRPC', '1.0.3')], DEFAULT_CLIENT).chosen, 0);
    assert.equal(selectInterface([entry('jsonrpc', '1.0')], DEFAULT_CLIENT).chosen, -1);
    assert.equal(selectInterface([entry('JSONRPC', '1')], DEFAULT_CLIENT).chosen, -1);
  });

  it('copies a non-empty tenant and maps "" or a non-string to null', () => {
    const s = selectInterface(
      [
        entry('JSONRPC', '1.0', { tenant: 't1' }),
        entry('JSONRPC', '1.0', { tenant: '' }),
        entry('JSONRPC', '1.0', { tenant: 5 }),
      ],
      DEFAULT_CLIENT,
    );
    assert.deepEqual(
      s.decisions.map((d) => d.tenant),
      ['t1', null, null],
    );
  });
});

describe('media types and versions', () => {
  const table: [string, string, boolean][] = [
    ['image/*', 'image/png', true],
    ['image/png', 'image/*', false],
    ['*/*', 'text/plain', true],
    ['IMAGE/PNG', 'image/png', true],
    ['text/plain; charset=utf-8', 'text/plain', true],
    ['text/plain', 'text/html', false],
    ['text', 'text', true],
    ['text', 'text/plain', false],
  ];
  for (const [offered, wanted, expected] of table) {
    it(`${offered} ${expected ? 'covers' : 'does not cover'} ${wanted}`, () =>
      assert.equal(covers(offered, wanted), expected));
  }
  it('reduces versions to Major.Minor', () => {
    assert.deepEqual(['1.0', '1.0.0', '01.2', '1', 'v1.0', ' 2.1 '].map(majorMinor), [
      '1.0',
      '1.0',
      '1.2',
      null,
      null,
      '2.1',
    ]);
  });
});

describe('compileProfile: seeded mutation fuzz', () => {
  const junk = [
    null,
    0,
    -1,
    1.5,
    '',
    '__proto__',
    'constructor',
    '\u0000\u202e',
    'image/*',
    '*/*',
    true,
    false,
    [],
    {},
    [null],
    { list: 5 },
    { schemes: [] },
    { __proto__: [] },
  ];

  function mutate(value: unknown, next: () => number, depth = 0): unknown {
    if (next() < 0.08 || depth > 6) return junk[Math.floor(next() * junk.length)];
    if (Array.isArray(value)) return value.map((v) => mutate(v, next, depth + 1));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value))
        if (next() > 0.05)
          Object.defineProperty(out, k, {
            value: mutate(v, next, depth + 1),
            enumerable: true,
            writable: true,
            configurable: true,
          });
      return out;
    }
    return value;
  }

  const seeds = readdirSync(dir)
    .filter((f) => f.endsWith('.card.json'))
    .map((f) => readJson(f));
  const SEED = 20261002;
  it(`compiles 3,000 mutated cards without reaching the defensive catch (seed ${SEED})`, () => {
    const next = seededRandom(SEED); // a failure reproduces from the seed in the test name
    for (let i = 0; i < 3000; i++) {
      const card = mutate(seeds[i % seeds.length], next);
      const p = compileProfile(card);
      assert.doesNotMatch(p.reason ?? '', /could not be compiled/, `mutation #${i}: ${JSON.stringify(card)}`);
      JSON.stringify(p);
    }
  });
});
