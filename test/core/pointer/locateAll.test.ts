/**
 * The one-pass locator used for diagnostics gives exactly the core's ranges (core/pointer/range.ts
 * locatePointer) for every node, every missing child, every finding, on fixtures and real cards.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { lintDocument } from '../../../server/src/core/lint';
import { locatePointer } from '../../../server/src/core/pointer/range';
import { makeLocator } from '../../../server/src/core/pointer/locateAll';
import { corpusCards } from '../../fixtures/corpus/corpus';

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every pointer of a value, plus a missing child under each container. */
function pointersOf(value: unknown, at = '', out: string[] = []): string[] {
  out.push(at);
  if (Array.isArray(value)) {
    value.forEach((v, i) => pointersOf(v, `${at}/${i}`, out));
    out.push(`${at}/${value.length}`, `${at}/01`, `${at}/x/y`);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pointersOf(v, `${at}/${esc(k)}`, out);
    out.push(`${at}/missing`, `${at}/missing/deeper`);
  }
  return out;
}

function sameAsCore(text: string, name: string): number {
  const value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const findings = lintDocument(text, { kind: 'card', settings: { maxCardBytes: 1e8 } }).findings.filter(
    (f) => !f.offset,
  );
  const pointers = [...pointersOf(value), ...findings.map((f) => f.pointer)];
  const locate = makeLocator(text, pointers);
  for (const p of pointers) {
    for (const target of ['value', 'key'] as const) {
      assert.deepEqual(locate(p, target), locatePointer(text, p, target), `${name} ${p} ${target}`);
    }
  }
  return pointers.length;
}

test('same ranges as the core on tricky documents', () => {
  const docs: Record<string, string> = {
    duplicates: '{"a": {"b": 1, "c": [1, 2]}, "a": {"c": 2}, "z": "x"}',
    escapes: '{"a/b": {"~c": 1}, "q\\"uote": [true, null, -1.5e3], "u\\u00e9": "\\"]}"}',
    whitespace: '\ufeff \n\t{ "k" :\r\n [ { } , [ ] , "s" ] }  \n',
    scalar: '"just a string"',
    emptyKey: '{"": {"": 1}}',
    nested: '{"x": [[[[{"y": [1]}]]]]}',
  };
  for (const [name, text] of Object.entries(docs)) assert.ok(sameAsCore(text, name) >= 1);
});

test('same ranges as the core on the fixtures and the real-card corpus', () => {
  const fixtures = join(__dirname, '../../lsp/fixtures');
  const files = [
    ...readdirSync(fixtures)
      .filter((x) => x.endsWith('.json'))
      .map((f) => join(fixtures, f)),
    ...corpusCards().map((c) => c.path),
  ];
  let checked = 0;
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    try {
      JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      continue;
    }
    checked += sameAsCore(text, basename(f));
  }
  assert.ok(checked > 1000, `${checked} pointers compared`);
});

test('invalid text falls back to the core instead of failing', () => {
  const locate = makeLocator('{"a": [1, 2', ['/a/1']);
  assert.deepEqual(locate('/a/1'), locatePointer('{"a": [1, 2', '/a/1'));
});
