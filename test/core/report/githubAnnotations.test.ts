// The workflow-command escaping of core/report/githubAnnotations.ts, value by value: what the runner decodes back
// is what was written, and nothing a value holds can end the line or a property.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  escapeCommandData,
  escapeCommandProperty,
  workflowCommand,
} from '../../../server/src/core/report/githubAnnotations';

const CASES: [string, string, string][] = [
  // [value, as a message, as a property]
  ['plain', 'plain', 'plain'],
  ['a\n::add-mask::x', 'a%0A::add-mask::x', 'a%0A%3A%3Aadd-mask%3A%3Ax'],
  ['a\r\nb', 'a%0D%0Ab', 'a%0D%0Ab'],
  ['100%0A', '100%250A', '100%250A'],
  ['a,line=1', 'a,line=1', 'a%2Cline=1'],
];

test('messages and properties are escaped by the workflow-command rules', () => {
  for (const [value, data, property] of CASES) {
    assert.equal(escapeCommandData(value), data, JSON.stringify(value));
    assert.equal(escapeCommandProperty(value), property, JSON.stringify(value));
  }
});

test('a command is one line; absent properties are left out; hidden characters are shown', () => {
  assert.equal(
    workflowCommand('error', { file: 'a,b:c.json', line: 3, col: undefined, title: 'x' }, 'm\u202e\nn'),
    '::error file=a%2Cb%3Ac.json,line=3,title=x::m\\u202e%0An\n',
  );
  assert.equal(workflowCommand('notice', {}, 'only'), '::notice::only\n');
});
