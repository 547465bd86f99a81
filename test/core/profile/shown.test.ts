// The profile as outputs show it (core/profile/shown.ts): interface URLs without userinfo, their passwords nowhere,
// and every profile of a card without userinfo unchanged, byte for byte.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { profileSecrets, shownProfile } from '../../../server/src/core/profile/shown';

const fixtures = join(__dirname, '..', '..', 'fixtures');
const card = JSON.parse(readFileSync(join(fixtures, 'redact', 'userinfo-interfaces.card.json'), 'utf8')) as unknown;
/** The passwords of the fixture's interface URLs, as written and decoded. */
const PASSWORDS = JSON.parse(
  readFileSync(join(fixtures, 'redact', 'userinfo-interfaces.passwords.json'), 'utf8'),
) as string[];

test('a shown profile has no interface URL userinfo and no password of one, chosen or passed over', () => {
  const profile = compileProfile(card);
  assert.ok(JSON.stringify(profile).includes('Kx7pQ2vWz9mB'), 'the compiled profile keeps the URL as written');
  const shown = shownProfile(profile);
  const text = JSON.stringify(shown);
  for (const password of PASSWORDS) assert.ok(!text.includes(password), `${password} in ${text}`);
  assert.ok(!/caller|ops:|grpc:/.test(text), text);
  assert.equal(shown.interface?.url, 'https://pricing.example.com/a2a');
  assert.deepEqual(
    shown.provenance?.interfaces.map((d) => d.url),
    ['https://pricing.example.com/a2a', 'https://pricing.example.com/rest', 'https://pricing.example.com:8443'],
  );
  assert.deepEqual(
    { ...shown, interface: undefined, provenance: undefined },
    {
      ...profile,
      interface: undefined,
      provenance: undefined,
    },
  );
});

test('cards without userinfo: the shown profile is the profile, byte for byte (fixtures and corpus)', () => {
  let n = 0;
  for (const dir of ['compile', 'corpus']) {
    for (const f of readdirSync(join(fixtures, dir)).filter((x) => x.endsWith('.json'))) {
      const value = JSON.parse(readFileSync(join(fixtures, dir, f), 'utf8')) as unknown;
      const profile = compileProfile(value);
      assert.deepEqual(profileSecrets(profile), [], f);
      assert.equal(JSON.stringify(shownProfile(profile), null, 2), JSON.stringify(profile, null, 2), f);
      n++;
    }
  }
  assert.ok(n >= 20, `${n} cards`);
});
