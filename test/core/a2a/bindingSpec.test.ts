/** BINDING@VERSION: one core parser (test/fixtures/binding-specs/cases.json); the CLI rejects, the settings skip. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseBinding } from '../../../server/src/core/a2a/bindingSpec';
import { resolveClient } from '../../../server/src/app/settings';
import { parseBindings } from '../../../server/src/app/document/settings';
import type { BindingSupport } from '../../../server/src/core/types';

type Case = [input: string, expected: BindingSupport | null, why: string];
const { cases } = JSON.parse(readFileSync(join(__dirname, '../../fixtures/binding-specs/cases.json'), 'utf8')) as {
  cases: Case[];
};

for (const [input, expected, why] of cases) {
  test(`parseBinding(${JSON.stringify(input)}): ${why}`, () => {
    const parsed = parseBinding(input);
    if (expected) {
      assert.deepEqual(parsed, { ok: true, value: expected });
      assert.deepEqual(resolveClient({ bindings: [input] }), {
        ok: true,
        client: { bindings: [expected], knownExtensions: [] },
      });
      return;
    }
    assert.equal(parsed.ok, false);
    if (parsed.ok) return;
    assert.equal(parsed.error, `${JSON.stringify(input)} is not BINDING@VERSION (e.g. JSONRPC@1.0)`);
    // Every front end (--binding, the MCP tools' "bindings", the library's client.bindings) reports this reason.
    assert.deepEqual(resolveClient({ bindings: [input] }), { ok: false, error: parsed.error });
  });
}

test('the settings keep the good entries in order and hand every bad one (with the reason) to the caller', () => {
  const skipped: [string, string][] = [];
  const list = cases.map(([input]) => input);
  const kept = parseBindings(list, (entry, error) => skipped.push([entry, error]));
  assert.deepEqual(
    kept,
    cases.flatMap(([, e]) => (e ? [e] : [])),
  );
  assert.deepEqual(
    skipped.map(([entry]) => entry),
    cases.filter(([, e]) => !e).map(([input]) => input),
  );
  assert.ok(skipped.every(([entry, error]) => error.includes(JSON.stringify(entry))));
});

test('an untrusted entry is quoted, escaped and cut in the message', () => {
  const parsed = parseBinding(`x\u001b[31m${'y'.repeat(500)}`);
  assert.equal(parsed.ok, false);
  if (parsed.ok) return;
  assert.ok(!parsed.error.includes('\u001b'), 'the escape is quoted, not raw');
  assert.ok(parsed.error.length < 260);
});
