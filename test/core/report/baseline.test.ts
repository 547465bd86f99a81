// core/report/baseline.ts: the accepted findings of a lint baseline, identified by file, rule and pointer.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { baselineKey, parseBaseline, serializeBaseline } from '../../../server/src/core/report/baseline';

const a = { file: 'cards/b.json', code: 'unknown-field', pointer: '/x' };
const b = { file: 'cards/a.json', code: 'schema', pointer: '/skills/0/id' };

test('serialized deterministically: sorted, duplicates once, 2-space JSON with a trailing newline', () => {
  const text = serializeBaseline([a, b, a]);
  assert.equal(text, serializeBaseline([b, a]));
  assert.ok(text.endsWith('}\n'));
  const parsed = JSON.parse(text) as { format: string; findings: unknown[] };
  assert.equal(parsed.format, 'a2acap-baseline/1');
  assert.deepEqual(parsed.findings, [b, a]);
});

test('read back as the keys of its findings', () => {
  const read = parseBaseline(serializeBaseline([a, b]));
  assert.ok(read.ok);
  assert.ok(read.keys.has(baselineKey(a)) && read.keys.has(baselineKey(b)));
  assert.ok(!read.keys.has(baselineKey({ ...a, pointer: '/y' })));
});

test('anything that is not a baseline is an error, never an empty baseline', () => {
  for (const [text, pattern] of [
    ['{nope', /not valid JSON/],
    ['[]', /not an a2acap baseline/],
    ['{"format": "other/1", "findings": []}', /not an a2acap baseline/],
    [
      '{"format": "a2acap-baseline/1", "findings": [{"file": "a.json", "code": 1, "pointer": ""}]}',
      /findings\[0\] must be/,
    ],
  ] as const) {
    const read = parseBaseline(text);
    assert.ok(!read.ok && pattern.test(read.error), text);
  }
});
