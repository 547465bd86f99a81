// The skills' provenance is built on its first read: every way of reading a profile must see it as an ordinary
// member, in its place, with the same content as when it was built up front; reading it again must not rebuild it.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compileProfile } from '../../../server/src/core/profile/compile';
import { defineLazyMember } from '../../../server/src/core/profile/lazyMember';

const dir = join(__dirname, '..', '..', 'fixtures', 'compile');
const card = JSON.parse(readFileSync(join(dir, 'basic.card.json'), 'utf8'));
const expected = JSON.parse(readFileSync(join(dir, 'basic.profile.json'), 'utf8'));

describe('compiled provenance, built on first read', () => {
  it('is an own enumerable member between interfaces and unknownExtensions', () => {
    const provenance = compileProfile(card).provenance!;
    assert.deepEqual(Object.keys(provenance), ['interfaces', 'skills', 'unknownExtensions']);
    assert.ok(Object.hasOwn(provenance, 'skills') && 'skills' in provenance);
    assert.equal(Object.getOwnPropertyDescriptor(provenance, 'skills')?.enumerable, true);
  });

  it('prints, spreads and compares as the profile built up front', () => {
    assert.equal(JSON.stringify(compileProfile(card)), JSON.stringify(expected));
    const spread = { ...compileProfile(card).provenance! };
    assert.deepStrictEqual(JSON.parse(JSON.stringify(spread)), expected.provenance);
    assert.deepStrictEqual(compileProfile(card).provenance!.skills, expected.provenance.skills);
  });

  it('is one value: read twice, the same object; after the first read a plain data member', () => {
    const provenance = compileProfile(card).provenance!;
    const first = provenance.skills;
    assert.equal(provenance.skills, first);
    assert.equal(typeof Object.getOwnPropertyDescriptor(provenance, 'skills')?.value, 'object');
  });

  it('a skill id such as __proto__ or constructor is an own member of it', () => {
    const hostile = {
      ...card,
      skills: [
        { ...card.skills[0], id: '__proto__' },
        { ...card.skills[0], id: 'constructor' },
      ],
    };
    const skills = compileProfile(hostile).provenance!.skills;
    assert.deepEqual(Object.keys(skills), ['__proto__', 'constructor']);
    assert.equal(Object.getPrototypeOf(skills), Object.prototype);
  });
});

describe('defineLazyMember', () => {
  it('builds once, on the first read, and a write before it replaces the value unbuilt', () => {
    let builds = 0;
    const read: Record<string, unknown> = {};
    defineLazyMember(read, 'x', () => ++builds);
    assert.equal(builds, 0);
    assert.equal(read.x, 1);
    assert.equal(read.x, 1);
    assert.equal(builds, 1);
    const written: Record<string, unknown> = {};
    defineLazyMember(written, 'x', () => ++builds);
    written.x = 'set';
    assert.equal(written.x, 'set');
    assert.equal(builds, 1);
  });
});
