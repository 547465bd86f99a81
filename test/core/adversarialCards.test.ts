// Cards built to make linting super-linear: strings that make a regular expression backtrack, shapes that make
// error gathering quadratic. Card strings built to make a regular expression backtrack (found by an audit of the language server: a 3 KB
// card froze it for 36 s, doubling with every extra parameter). Each card must be linted with the finding it
// deserves; with the old expressions these took minutes to days (the test runner's timeout would end them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintDocument } from '../../server/src/core/lint';
import { compileProfile } from '../../server/src/core/profile/compile';
import { anyCovers, coveredMask } from '../../server/src/core/profile/mediaType';
import { at, field } from '../at';

const good = (): Record<string, unknown> =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'cards', 'good.agent-card.json'), 'utf8'));

const cases: { name: string; card: () => Record<string, unknown>; code: string }[] = [
  {
    name: 'a media type with 40 quoted parameters and a bad tail (exponential before)',
    card: () => ({ ...good(), defaultInputModes: [`text/plain${';a="b"'.repeat(40)} x`] }),
    code: 'invalid-media-type',
  },
  {
    name: 'a signature of 200,000 "=" and one more character (quadratic /=+$/ before)',
    card: () => ({
      ...good(),
      signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: `${'='.repeat(200_000)}x` }],
    }),
    code: 'malformed-signature',
  },
  {
    name: 'protocol versions of 40,000 digits on 20 interfaces (quadratic unanchored search before)',
    card: () => {
      const card = good();
      const base = at(card.supportedInterfaces as Record<string, unknown>[], 0);
      card.supportedInterfaces = Array.from({ length: 20 }, (_, i) => ({
        ...base,
        url: `${String(base.url)}/${i}`,
        protocolVersion: '9'.repeat(40_000),
      }));
      return card;
    },
    code: 'invalid-protocol-version',
  },
  {
    name: 'a description of 300,000 "://" and colons, then a URL password (the screen for userinfo scanned past every "://")',
    card: () => ({
      ...good(),
      description: `${'://'.repeat(100_000)}${':'.repeat(100_000)} https://u:Zq8vLx2pWm@h.example/`,
    }),
    code: 'secrets-in-card',
  },
  {
    name: '200,000 words ending "…sk-" and a token (a scheme tried at every word before)',
    card: () => ({ ...good(), description: `${'task-'.repeat(200_000)} sk-proj-Tq7Xv2LmR9pK4wZ8nB3cF6hJ1yD5sG0aE2uI` }),
    code: 'secrets-in-card',
  },
  {
    name: '30,000 empty skills (the schema validator copied every error so far per failing item: quadratic)',
    card: () => ({ ...good(), skills: Array.from({ length: 30_000 }, () => ({})) }),
    code: 'schema',
  },
  {
    name: '10,000 security schemes that are numbers beside 10,000 skills with a numeric name (type × oneOf errors compared pairwise)',
    card: () => ({
      ...good(),
      securitySchemes: Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`s${i}`, 1])),
      skills: Array.from({ length: 10_000 }, (_, i) => ({ id: `k${i}`, name: 1, description: 'd', tags: ['t'] })),
    }),
    code: 'schema',
  },
  {
    name: '5,000 default modes and 5,000 skills of one mode each (defaults × own modes, and a message and data listing every default per skill)',
    card: () => ({
      ...good(),
      defaultInputModes: Array.from({ length: 5_000 }, (_, i) => `application/x-${i}`),
      skills: Array.from({ length: 5_000 }, (_, i) => ({
        id: `k${i}`,
        name: 'n',
        description: 'd',
        tags: ['t'],
        inputModes: [`application/x-${i}`],
      })),
    }),
    code: 'skill-mode-narrows-default',
  },
  {
    name: '10,000 references to undefined schemes beside 10,000 defined ones (each message listed every defined scheme)',
    card: () => ({
      ...good(),
      securitySchemes: Object.fromEntries(
        Array.from({ length: 10_000 }, (_, i) => [`s${i}`, { httpAuthSecurityScheme: { scheme: 'Bearer' } }]),
      ),
      securityRequirements: Array.from({ length: 10_000 }, (_, i) => ({ schemes: { [`u${i}`]: { list: [] } } })),
    }),
    code: 'undefined-security-scheme',
  },
];

for (const c of cases) {
  test(c.name, { timeout: 60_000 }, () => {
    const { findings } = lintDocument(JSON.stringify(c.card()), { kind: 'card' });
    assert.ok(
      findings.some((f) => f.code === c.code),
      JSON.stringify(findings.map((f) => f.code).slice(0, 20)),
    );
    // No finding carries a card-sized message or data.
    for (const f of findings)
      assert.ok(
        f.message.length < 2000 && JSON.stringify(f.data ?? {}).length < 20_000,
        `${f.code}: ${f.message.slice(0, 200)}`,
      );
  });
}

test(
  'a skill that drops 9,999 of 10,000 defaults: the profile keeps the first 50, exactly those anyCovers finds',
  { timeout: 60_000 },
  () => {
    const defaults = Array.from({ length: 10_000 }, (_, i) => (i % 3 ? `application/x-${i}` : `IMAGE/x-${i}; q=1`));
    const card = {
      ...good(),
      defaultInputModes: defaults,
      skills: [
        { id: 'one', name: 'n', description: 'd', tags: ['t'], inputModes: ['application/x-1'] },
        { id: 'images', name: 'n', description: 'd', tags: ['t'], inputModes: ['image/*'] },
        { id: 'all', name: 'n', description: 'd', tags: ['t'], inputModes: ['*/*'] },
      ],
    };
    const profile = compileProfile(card);
    const dropped = (id: string) => field(profile.provenance!.skills, id).droppedInput;
    assert.deepEqual(dropped('one'), defaults.filter((d) => !anyCovers(['application/x-1'], d)).slice(0, 50));
    assert.deepEqual(dropped('images'), defaults.filter((d) => !anyCovers(['image/*'], d)).slice(0, 50));
    assert.deepEqual(dropped('all'), []);
  },
);

test('coveredMask agrees with anyCovers, pairwise and indexed', () => {
  const pool = [
    'text/plain',
    'TEXT/Plain; charset=utf-8',
    'image/*',
    'image/png',
    '*/*',
    'text',
    'Text ',
    'application/json',
    'application/*',
    '*/json',
    'a/b',
    'bogus/',
    '',
  ];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let n = 0; n < 2000; n++) {
    const pick = (k: number) =>
      Array.from({ length: Math.floor(next() * k) }, () => at(pool, Math.floor(next() * pool.length)));
    const offered = pick(n % 2 ? 40 : 5);
    const wanted = pick(n % 2 ? 40 : 5);
    const mask = coveredMask(offered, wanted);
    wanted.forEach((w, i) =>
      assert.equal(mask(i), anyCovers(offered, w), `${JSON.stringify(offered)} ⊇ ${JSON.stringify(w)}`),
    );
  }
});
