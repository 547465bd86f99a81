/** The untrusted envelope's operations on card strings: messages made visible, values clipped and kept exact. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clipped, clippedValues, untrustedOf, visible, UNTRUSTED_NOTICE } from '../../server/src/mcp/envelope';
import { LIMITS } from '../../server/src/mcp/limits';

describe('visible', () => {
  it('shows invisible and bidi characters and line breaks as escapes', () => {
    assert.equal(visible('a\u202eb\u200bc\nd'), 'a\\u202eb\\u200bc\\nd');
  });

  it('clips at the limit, never inside a \\uXXXX escape, and says how much was cut', () => {
    for (let max = 4; max <= 9; max++) {
      const out = visible('abcd\u202eefgh', max);
      const kept = out.slice(0, out.indexOf('…'));
      assert.ok(kept === 'abcd' || kept === 'abcd\\u202e', `max ${max}: ${out}`);
      assert.ok(kept.length <= max);
      assert.match(out, new RegExp(`… \\[clipped: ${'abcd\\u202eefgh'.length - kept.length} more characters\\]$`));
    }
    assert.equal(visible('short', 10), 'short');
  });
});

describe('clipped', () => {
  it('keeps a value exactly as it is up to the limit (the JSON writer escapes hidden characters)', () => {
    assert.equal(clipped('a\u202eb\u200bc\nd'), 'a\u202eb\u200bc\nd');
  });

  it('never cuts a surrogate pair in two', () => {
    const out = clipped('abc\u{E0041}def', 4);
    assert.equal(out.slice(0, out.indexOf('…')), 'abc');
    assert.match(out, /… \[clipped: 5 more characters\]$/);
  });

  it('clippedValues reaches keys and nested values, and leaves other types alone', () => {
    assert.deepEqual(clippedValues({ ['k'.repeat(5)]: ['v\u200b', 1, true, null] }, 3), {
      'kkk… [clipped: 2 more characters]': ['v\u200b', 1, true, null],
    });
  });

  it('clippedValues keeps a member named __proto__ a member: the result never gets a prototype from the card', () => {
    // JSON.parse makes "__proto__" an own member, as a card (or a lockfile's skill ids) can.
    const value = JSON.parse('{"skills": {"__proto__": {"polluted": "yes"}}}') as { skills: object };
    const out = clippedValues(value, 50);
    assert.equal(Object.getPrototypeOf(out.skills), Object.prototype);
    assert.equal((out.skills as { polluted?: string }).polluted, undefined);
    assert.ok(Object.hasOwn(out.skills, '__proto__'));
    assert.deepEqual(Object.getOwnPropertyDescriptor(out.skills, '__proto__')?.value, { polluted: 'yes' });
  });
});

describe('untrustedOf', () => {
  it('keeps only the skills asked for, at most a few examples each, with the fixed notice', () => {
    const card = {
      name: 'N',
      skills: [
        { id: 'a', name: 'A', description: 'x', examples: ['1', '2', '3', '4', '5', '6'] },
        { id: 'b', name: 'B', description: 'y' },
      ],
    };
    const u = untrustedOf(
      card,
      [
        { code: 'suspicious-text', severity: 'warning', pointer: '/name', message: 'm' },
        { code: 'schema', severity: 'error', pointer: '', message: 'n' },
      ],
      ['a'],
    );
    assert.equal(u.notice, UNTRUSTED_NOTICE);
    assert.deepEqual(Object.keys(u.skills), ['a']);
    assert.equal(u.skills.a!.examples!.length, LIMITS.examplesPerSkill);
    assert.deepEqual(u.findings, [{ pointer: '/name', message: 'm' }]);
  });

  it('takes any JSON value without throwing', () => {
    for (const value of [null, 1, 'x', [], { skills: 'no' }, { skills: [null, 1, { id: 2 }] }, { provider: 'p' }]) {
      assert.doesNotThrow(() => untrustedOf(value, [], ['a']));
    }
  });
});
