/**
 * core/card/duplicateNames.ts: the screen must never miss a duplicate (it may raise false alarms), and the scan must say
 * exactly which occurrences are overridden, at the right offsets, whatever the names hold (escaped quotes,
 * backslashes, colons, pointer metacharacters) and however deep the nesting.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  countTextNames,
  countValueNames,
  findOverriddenNames,
  mayHaveDuplicateNames,
  type OverriddenName,
} from '../../../server/src/core/card/duplicateNames';
import { escapeSegment, offsetToPosition } from '../../../server/src/core/pointer/range';
import { lintDocument } from '../../../server/src/core/lint';
import { FIXTURES, fixtureNames } from '../rules/harness';
import { seededRandom } from '../../seededRandom';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { quickFixesFor } from '../../../server/src/core/fixes/quickFixes';
import { textEditsFor } from '../../../server/src/app/document/jsonEdits';
import { at } from '../../at';

/** Names as they are written in the text (JSON string contents): quotes, backslashes, colons, '/', '~', empty. */
const NAMES = ['a', 'b', 'a\\"b', 'x:y', 'p/q~r', '', ' ', '\\\\', 'é', '\\u0061'];
/** String values that make the screen count a name that is not one, or look like a name's end. */
const STRINGS = [':x', ' :y', '\\":', '\\\\', 'plain'];
const SPACING = ['', ' ', '\n  ', '\t'];

interface Generated {
  text: string;
  expected: OverriddenName[];
  names: number;
}

/** A random JSON text, and which of its names are overridden (worked out while writing it). */
function generate(random: () => number): Generated {
  const pick = <T>(list: readonly T[]): T => at(list, Math.floor(random() * list.length));
  let text = '';
  let names = 0;
  const expected: OverriddenName[] = [];
  const value = (pointer: string, depth: number): void => {
    const r = random();
    if (depth < 4 && r < 0.3) return object(pointer, depth + 1);
    if (depth < 4 && r < 0.45) {
      text += '[';
      const n = Math.floor(random() * 3);
      for (let i = 0; i < n; i++) {
        if (i > 0) text += ',';
        value(`${pointer}/${i}`, depth + 1);
      }
      text += ']';
      return;
    }
    text += r < 0.8 ? JSON.stringify(JSON.parse(`"${pick(STRINGS)}"`)) : String(Math.floor(r * 100));
  };
  const object = (pointer: string, depth: number): void => {
    text += '{';
    const seen = new Map<string, { offset: number; length: number }[]>();
    const n = Math.floor(random() * 5);
    for (let i = 0; i < n; i++) {
      if (i > 0) text += ',' + pick(SPACING);
      const raw = pick(NAMES);
      const name = JSON.parse(`"${raw}"`) as string;
      const at = { offset: text.length, length: raw.length + 2 };
      text += `"${raw}"${pick(SPACING)}:${pick(SPACING)}`;
      names++;
      seen.set(name, [...(seen.get(name) ?? []), at]);
      value(`${pointer}/${escapeSegment(name)}`, depth);
    }
    text += '}';
    for (const [name, list] of seen) {
      for (const at of list.slice(0, -1))
        expected.push({ pointer: `${pointer}/${escapeSegment(name)}`, name, ...at, occurrences: list.length });
    }
  };
  object('', 0);
  return { text, expected: expected.sort((a, b) => a.offset - b.offset), names };
}

test('random documents: every overridden occurrence is found at its offset, and the screen never misses one', () => {
  const random = seededRandom(20261130);
  let withDuplicates = 0;
  let falseAlarms = 0;
  for (let run = 0; run < 3000; run++) {
    const { text, expected, names } = generate(random);
    const value: unknown = JSON.parse(text);
    assert.deepEqual(findOverriddenNames(text), expected, text);
    assert.ok(countTextNames(text) >= names, `counted fewer names than written in ${text}`);
    if (expected.length > 0) {
      withDuplicates++;
      assert.ok(mayHaveDuplicateNames(text, value), `the screen missed a duplicate in ${text}`);
    } else if (mayHaveDuplicateNames(text, value)) {
      falseAlarms++;
    }
  }
  // The generator must exercise both sides (else this test could not fail).
  assert.ok(withDuplicates > 300, `only ${withDuplicates} documents with duplicates`);
  assert.ok(falseAlarms > 30, `only ${falseAlarms} false alarms of the screen`);
});

test('the screen: equal counts when there are no duplicates, even with colons and escaped quotes in strings', () => {
  const text = '{"url":"https://a.example/x:y","q\\"":"\\":","b\\\\":{"c" : [1, "d:"]}}';
  assert.equal(countTextNames(text), 4);
  assert.equal(countValueNames(JSON.parse(text)), 4);
  assert.equal(mayHaveDuplicateNames(text, JSON.parse(text)), false);
});

test('nesting deeper than any recursion allows is scanned and counted', () => {
  const depth = 200_000;
  const text = `${'{"a":'.repeat(depth)}{"x":1,"x":2}${'}'.repeat(depth)}`;
  const value: unknown = JSON.parse(text);
  assert.equal(countValueNames(value), depth + 1);
  assert.equal(countTextNames(text), depth + 2);
  const found = findOverriddenNames(text);
  assert.equal(found.length, 1);
  assert.equal(at(found, 0).pointer, `${'/a'.repeat(depth)}/x`);
});

const expectedLines = JSON.parse(
  readFileSync(join(__dirname, '../../fixtures/duplicate-names/overridden-lines.json'), 'utf8'),
) as Record<string, { pointer: string; line: number }[]>;

for (const name of fixtureNames('duplicate-member')) {
  test(`duplicate-member/${name}: each finding sits on the overridden occurrence's line`, () => {
    const text = readFileSync(join(FIXTURES, 'duplicate-member', `${name}.json`), 'utf8');
    const findings = lintDocument(text, { fileName: `${name}.json` }).findings.filter(
      (f) => f.code === 'duplicate-member',
    );
    const lines = findings.map((f) => ({
      pointer: f.pointer,
      line: offsetToPosition(text, f.offset!.offset).line + 1,
    }));
    assert.deepEqual(lines, expectedLines[name]);
  });
}

test('a document made of duplicates gets 50 findings, the last saying how many more there are', () => {
  const members = Array.from({ length: 60_000 }, (_, i) => `"k${i % 2}":${i}`).join(',');
  const text = `{"name":"A","description":"d","extra":{${members}}}`;
  const findings = lintDocument(text, { fileName: 'agent-card.json' }).findings.filter(
    (f) => f.code === 'duplicate-member',
  );
  assert.equal(findings.length, 50);
  assert.match(at(findings, 49).message, /\(59948 more overridden members are not listed\.\)$/);
  assert.deepEqual(at(findings, 0).data, { name: 'k0', occurrences: 30_000, keyOffset: text.indexOf('"k0"') });
});

test('the rule is off when its severity is off (no scan)', () => {
  const text = '{"name":"A","name":"B","description":"d"}';
  const on = lintDocument(text, { fileName: 'agent-card.json' }).findings.filter((f) => f.code === 'duplicate-member');
  const off = lintDocument(text, {
    fileName: 'agent-card.json',
    settings: { severities: { 'duplicate-member': 'off' } },
  }).findings.filter((f) => f.code === 'duplicate-member');
  assert.equal(on.length, 1);
  assert.equal(off.length, 0);
});

/** The quick fix through the language server's edit path (app/document/jsonEdits.ts). */
function applyFix(text: string, finding: { pointer: string; data?: Record<string, unknown> }): string {
  const [plan] = quickFixesFor(
    { code: 'duplicate-member', pointer: finding.pointer, ...(finding.data ? { data: finding.data } : {}) },
    JSON.parse(text),
  );
  const doc = TextDocument.create('file:///agent-card.json', 'json', 1, text);
  return TextDocument.applyEdits(doc, textEditsFor(doc, JSON.parse(text), plan!.operations));
}

const editCases: { text: string; fixed: string[] }[] = [
  // first, middle and last member of their object; the only other member; nested
  { text: '{"x":1,"y":2,"x":3}', fixed: ['{"y":2,"x":3}'] },
  { text: '{"y":0,"x":1,"x":2,"z":3}', fixed: ['{"y":0,"x":2,"z":3}'] },
  { text: '{"a":{"x":1,"x":2}}', fixed: ['{"a":{"x":2}}'] },
  {
    text: '{"s":[{"id":"a", "id":"b", "id":"c"}]}',
    fixed: ['{"s":[{"id":"b", "id":"c"}]}', '{"s":[{"id":"a", "id":"c"}]}'],
  },
  { text: '{\n  "n": "A",\n  "d": "x",\n  "n": "B"\n}\n', fixed: ['{\n  "d": "x",\n  "n": "B"\n}\n'] },
];

for (const { text, fixed } of editCases) {
  test(`quick fix on ${JSON.stringify(text)}: each overridden occurrence is the one removed`, () => {
    const found = findOverriddenNames(text);
    assert.equal(found.length, fixed.length);
    found.forEach((o, i) => {
      const out = applyFix(text, {
        pointer: o.pointer,
        data: { name: o.name, occurrences: o.occurrences, keyOffset: o.offset },
      });
      assert.equal(out, fixed[i]);
      assert.deepEqual(JSON.parse(out), JSON.parse(text), 'the value in use is kept');
    });
  });
}

test('a quick fix whose occurrence moved is refused, not applied elsewhere', () => {
  const text = '{"x":1,"y":2,"x":3}';
  assert.throws(
    () => applyFix(text, { pointer: '/x', data: { name: 'x', occurrences: 2, keyOffset: 7 } }),
    /no member "x" at offset 7/,
  );
  assert.throws(
    () => applyFix(text, { pointer: '/x', data: { name: 'x', occurrences: 2, keyOffset: 99 } }),
    /no member/,
  );
});
