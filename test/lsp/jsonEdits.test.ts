/** Removing an array item by text edit: every position, every layout, and the rest of the text kept as it was. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { textEditsFor } from '../../server/src/lsp/jsonEdits';

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
