/** The shape-check engine (rules/shape.ts): each `given` finds the objects it names, wherever the card is odd. */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { resolveSettings } from '../../../server/src/core/lint';
import type { RuleMeta } from '../../../server/src/core/rules/context';
import { shapeCheck, type Given } from '../../../server/src/core/rules/shape';

const meta: RuleMeta = { id: 'shape-test', defaultSeverity: 'warning', title: 'a test', appliesTo: ['card'] };

function pointers(given: Given, value: unknown, at?: string): string[] {
  const check = shapeCheck(meta, [
    { given, when: (o) => o.bad === true, at, message: () => 'bad', data: (o) => ({ index: o.index }) },
  ]);
  return check({ value, kind: 'card', settings: resolveSettings() }).map((f) => f.pointer);
}

test('member: the object at a path, escaped; nothing when a step is missing or not an object', () => {
  assert.deepEqual(pointers({ member: ['a/b', 'c'] }, { 'a/b': { c: { bad: true } } }, 'x'), ['/a~1b/c/x']);
  assert.deepEqual(pointers({ member: ['a', 'c'] }, { a: [{ bad: true }] }), []);
  assert.deepEqual(pointers({ member: ['a'] }, { a: 'bad' }), []);
});

test('each: every object item of the array at a path, by index; other items and non-arrays are skipped', () => {
  const card = { caps: { list: [{ bad: true }, 'x', null, { bad: false }, { bad: true }] } };
  assert.deepEqual(pointers({ each: ['caps', 'list'] }, card), ['/caps/list/0', '/caps/list/4']);
  assert.deepEqual(pointers({ each: ['caps', 'list'] }, { caps: { list: { bad: true } } }), []);
  assert.deepEqual(pointers({ each: ['list'] }, { list: [{ bad: true }] }), ['/list/0']);
});

test('skills, and a document that is not an object', () => {
  assert.deepEqual(pointers('skills', { skills: [{}, { bad: true }] }, 'tags'), ['/skills/1/tags']);
  for (const value of [null, [], 'card', 1]) assert.deepEqual(pointers('skills', value), []);
});
