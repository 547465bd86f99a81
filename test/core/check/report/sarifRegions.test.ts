// `check --format sarif` locates all of a lockfile's problems in one pass (core/pointer/locateAll.ts) instead of re-parsing
// the lockfile per problem; every region must be exactly where the per-pointer locator (core/pointer/range.ts) puts it:
// existing members, missing ones (their closest ancestor), keys with escapes, a duplicate key (the last wins).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locatePointer, rangeOf } from '../../../../server/src/core/pointer/range';
import { sarifReport } from '../../../../server/src/core/check/report/sarif';
import { at } from '../../../at';

const skills: Record<string, unknown> = {};
for (let i = 0; i < 300; i++) skills[`skill-${i}`] = { input: ['text/plain'], output: [] };
skills['a/b~c'] = { input: [], output: [] };
const body = JSON.stringify({ agent: 'card.json', requires: { streaming: true, skills } }, null, 2);
// A duplicate "agent" member: the last one counts.
const text = body.replace('"agent": "card.json"', '"agent": "old.json",\n  "agent": "card.json"');

const pointers = [
  '/agent',
  '/requires/streaming',
  '/requires/skills/a~1b~0c',
  '/requires/skills/skill-7/input/0',
  '/requires/skills/skill-299/output',
  '/requires/skills/missing-skill',
  '/requires/skills/skill-3/input/5',
  '/verified/streaming',
  ...Object.keys(skills)
    .slice(0, 250)
    .map((id) => `/requires/skills/${id}`),
];

test('every SARIF region is where the per-pointer locator puts it', () => {
  const outcome = {
    status: 'checked',
    lockfile: 'x.a2a-lock.json',
    text,
    result: {
      classification: 'breaking',
      problems: pointers.map((pointer) => ({ level: 'breaking', pointer, message: 'm' })),
      notes: [],
    },
  };
  const log = JSON.parse(sarifReport([outcome as never], (p) => p, '0.0.0'));
  const results = log.runs[0].results as { locations: { physicalLocation: { region: Record<string, number> } }[] }[];
  assert.equal(results.length, pointers.length);
  pointers.forEach((pointer, i) => {
    const r = rangeOf(text, locatePointer(text, pointer));
    const expected = {
      startLine: r.start.line + 1,
      startColumn: r.start.character + 1,
      endLine: r.end.line + 1,
      endColumn: r.end.character + 1,
    };
    assert.deepEqual(at(at(results, i).locations, 0).physicalLocation.region, expected, pointer);
  });
});
