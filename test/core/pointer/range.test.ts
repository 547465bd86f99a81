import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { lintDocument } from '../../../server/src/core/lint';
import {
  findingOffsets,
  locatePointer,
  offsetToPosition,
  parsePointer,
  pointerAtOffset,
  toPointer,
} from '../../../server/src/core/pointer/range';

const text = `{
  "name": "Agent",
  "provider": { "url": "https://example.com" },
  "skills": [
    { "id": "a", "tags": ["x"] },
    { "id": "b", "x-unknown": 1 }
  ],
  "a/b": { "m~n": true }
}`;

function slice(pointer: string, target?: 'key' | 'value'): string {
  const r = locatePointer(text, pointer, target);
  return text.slice(r.offset, r.offset + r.length);
}

test('a value and a key', () => {
  assert.equal(slice('/name'), '"Agent"');
  assert.equal(slice('/name', 'key'), '"name"');
});

test('missing member → the key of its parent', () => {
  assert.equal(slice('/provider/organization', 'key'), '"provider"');
  assert.equal(slice('/provider/organization'), '"provider"');
});

test("missing member of an array item → the item's opening brace; missing deep path → closest ancestor", () => {
  assert.equal(slice('/skills/1/tags', 'key'), '{');
  assert.equal(slice('/skills/7/id'), '"skills"');
  assert.equal(slice('/nope/deeper/still'), '{');
});

test('unknown member → its key', () => {
  assert.equal(slice('/skills/1/x-unknown', 'key'), '"x-unknown"');
});

test('array items: numeric segments index arrays; containers are marked by their opening bracket', () => {
  assert.equal(slice('/skills/0/tags/0'), '"x"');
  assert.equal(slice('/skills/1'), '{');
  assert.equal(slice('/skills'), '[');
  assert.equal(slice(''), '{');
});

test('escaped pointer segments (~1 is /, ~0 is ~)', () => {
  assert.deepEqual(parsePointer('/a~1b/m~0n'), ['a/b', 'm~n']);
  assert.equal(toPointer(['a/b', 'm~n', 0]), '/a~1b/m~0n/0');
  assert.equal(slice('/a~1b/m~0n'), 'true');
  assert.equal(slice('/a~1b/m~0n', 'key'), '"m~n"');
});

test('syntax errors: findings carry offsets, and pointers into broken text still resolve without throwing', () => {
  const broken = '{\n  "name": "x",\n  "skills": [ , ]\n}';
  const result = lintDocument(broken);
  const finding = result.findings[0];
  assert.ok(finding);
  assert.equal(finding.code, 'invalid-json');
  const r = findingOffsets(broken, finding);
  assert.deepEqual(offsetToPosition(broken, r.offset), { line: 2, character: 14 });
  assert.equal(broken.slice(locatePointer(broken, '/name').offset).startsWith('"x"'), true);
});

test('offsetToPosition: zero-based lines, UTF-16 characters, CRLF and CR line ends', () => {
  const s = 'a\r\n🚀b\rc\nd';
  assert.deepEqual(offsetToPosition(s, 0), { line: 0, character: 0 });
  assert.deepEqual(offsetToPosition(s, 5), { line: 1, character: 2 }); // 🚀 is two UTF-16 code units
  assert.deepEqual(offsetToPosition(s, 7), { line: 2, character: 0 });
  assert.deepEqual(offsetToPosition(s, 9), { line: 3, character: 0 });
  assert.deepEqual(offsetToPosition(s, 999), { line: 3, character: 1 });
});

test('pointerAtOffset: on a key and inside a value', () => {
  const onKey = pointerAtOffset(text, text.indexOf('"x-unknown"') + 2);
  assert.deepEqual(onKey, { pointer: '/skills/1/x-unknown', isKey: true });
  const inValue = pointerAtOffset(text, text.indexOf('"Agent"') + 2);
  assert.deepEqual(inValue, { pointer: '/name', isKey: false });
  assert.equal(pointerAtOffset(text, text.indexOf('"x"]') + 1).pointer, '/skills/0/tags/0');
});
