/** Folding as a pure function of an analysed document (the stdio wiring: outline.test.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foldingRanges } from '../../server/src/app/document/folding';
import { analyzed } from './analyzed';
import { at } from '../at';

const lines = (text: string) => {
  const { doc, a } = analyzed(text);
  return foldingRanges(doc, a)
    .map((r) => [r.startLine, r.endLine])
    .sort((x, y) => at(x, 0) - at(y, 0) || at(x, 1) - at(y, 1));
};

test('multi-line objects and arrays fold, keeping the closing bracket visible', () => {
  assert.deepEqual(lines('{\n  "skills": [\n    {\n      "id": "a"\n    }\n  ],\n  "x": {}\n}\n'), [
    [0, 6],
    [1, 4],
    [2, 3],
  ]);
});

test('a container on one or two lines does not fold', () => {
  assert.deepEqual(lines('{"a": [1, 2], "b": {}}'), []);
  assert.deepEqual(lines('{"a": 1,\n"b": 2}'), []);
});

test('a broken document still folds what parses', () => {
  assert.deepEqual(lines('{\n  "a": {\n    "b": 1,\n\n  },\n'), [
    [0, 4],
    [1, 3],
  ]);
});

test('the number of ranges is bounded on a huge document', () => {
  const text = '[\n' + Array.from({ length: 6000 }, () => '{\n"a": 1,\n"b": 2\n}').join(',\n') + '\n]';
  const n = lines(text).length;
  assert.ok(n > 1000 && n <= 5000, `${n} ranges`);
});
