/** Removing an array item by text edit: every position, every layout, and the rest of the text kept as it was. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { textEditsFor } from '../../server/src/app/document/jsonEdits';

function removed(text: string, pointer: string): string {
  const doc = TextDocument.create('file:///x.json', 'json', 1, text);
  return TextDocument.applyEdits(doc, textEditsFor(doc, JSON.parse(text), [{ op: 'remove', pointer }]));
}

const cases: [string, string, string][] = [
  ['{"a": [1, 2, 3]}', '/a/2', '{"a": [1, 2]}'],
  ['{"a": [1, 2, 3]}', '/a/1', '{"a": [1, 3]}'],
  ['{"a": [1, 2, 3]}', '/a/0', '{"a": [2, 3]}'],
  ['{"a": [1]}', '/a/0', '{"a": []}'],
  ['{"a": [{"u": 1}, {}]}', '/a/1', '{"a": [{"u": 1}]}'],
  ['{\n  "a": [\n    {"u": 1},\n    {"v": 2}\n  ]\n}\n', '/a/1', '{\n  "a": [\n    {"u": 1}\n  ]\n}\n'],
  ['[["x", "y"], "z"]', '/0/1', '[["x"], "z"]'],
];

for (const [text, pointer, expected] of cases) {
  test(`remove ${pointer} from ${JSON.stringify(text)}`, () => {
    assert.equal(removed(text, pointer), expected);
  });
}

test('an edit on a long line (a minified card) changes only what it must, not the whole line', () => {
  const text = JSON.stringify({ a: { b: 1 }, pad: Array.from({ length: 2000 }, (_, i) => ({ i })) });
  const doc = TextDocument.create('file:///x.json', 'json', 1, text);
  const edits = textEditsFor(doc, JSON.parse(text), [{ op: 'set', pointer: '/a/c', value: '' }]);
  const changed = edits.reduce(
    (n, e) => n + doc.offsetAt(e.range.end) - doc.offsetAt(e.range.start) + e.newText.length,
    0,
  );
  assert.ok(changed < 100, `${changed} characters changed`);
  assert.deepEqual(JSON.parse(TextDocument.applyEdits(doc, edits)).a, { b: 1, c: '' });
});

test('an edit in a formatted card is formatted like the rest', () => {
  const text = '{\n  "a": {\n    "b": 1\n  }\n}\n';
  const doc = TextDocument.create('file:///x.json', 'json', 1, text);
  assert.equal(
    TextDocument.applyEdits(doc, textEditsFor(doc, JSON.parse(text), [{ op: 'set', pointer: '/a/c', value: '' }])),
    '{\n  "a": {\n    "b": 1,\n    "c": ""\n  }\n}\n',
  );
});
