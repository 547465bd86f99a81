/**
 * A locator built on the previous version's scan (keystrokes inside strings) gives exactly the core's ranges
 * for the new text, reuses the scan only when the edit keeps every token, and scans again otherwise.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { locatePointer } from '../../../server/src/core/pointer/range';
import { locatorAfter, type LocatorScan } from '../../../server/src/core/pointer/locateAll';
import { stringInteriorEdit } from '../../../server/src/core/pointer/stringEdit';
import { seededRandom } from '../../seededRandom';

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every pointer of a value, plus a missing child under each container. */
function pointersOf(value: unknown, at = '', out: string[] = []): string[] {
  out.push(at);
  if (Array.isArray(value)) {
    value.forEach((v, i) => pointersOf(v, `${at}/${i}`, out));
    out.push(`${at}/${value.length}`);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pointersOf(v, `${at}/${esc(k)}`, out);
    out.push(`${at}/missing`);
  }
  return out;
}

function parses(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function scanOf(text: string, pointers: string[]): LocatorScan {
  const { scan } = locatorAfter(undefined, text, pointers);
  assert.ok(scan, 'a valid text is scanned');
  return scan;
}

function assertSameAsCore(text: string, pointers: string[], previous: LocatorScan, what: string): boolean {
  const { locate, reused } = locatorAfter(previous, text, pointers);
  for (const p of pointers)
    for (const target of ['value', 'key'] as const)
      assert.deepEqual(locate(p, target), locatePointer(text, p, target), `${what}: ${p} ${target}`);
  return reused;
}

const ALPHABET = ['x', 'é', ' ', '"', '\\', '{', '}', ':', ',', '\n', '\\n', '\u2028', '0', ']', 'ab"c'];

test('every edit of a valid card: the same ranges as the core, reusing the scan only inside strings', () => {
  const fixtures = join(__dirname, '../../lsp/fixtures');
  const random = seededRandom(7);
  let reused = 0;
  let rescanned = 0;
  for (const file of readdirSync(fixtures).filter((f) => f.endsWith('.json'))) {
    const before = readFileSync(join(fixtures, file), 'utf8');
    const value = parses(before);
    if (value === undefined || before.length > 200_000) continue;
    const pointers = pointersOf(value);
    const previous = scanOf(before, pointers);
    for (let n = 0; n < 60; n++) {
      const at = Math.floor(random() * before.length);
      const removed = random() < 0.5 ? 0 : Math.floor(random() * 3);
      const inserted = random() < 0.3 ? '' : (ALPHABET[Math.floor(random() * ALPHABET.length)] ?? 'x');
      const after = before.slice(0, at) + inserted + before.slice(at + removed);
      const newValue = parses(after);
      if (newValue === undefined) continue;
      // The new text's own pointers that the old scan also recorded (the others make it scan again).
      const wanted = pointersOf(newValue).filter((p) => pointers.includes(p));
      if (assertSameAsCore(after, wanted, previous, `${file} @${at} -${removed} +${JSON.stringify(inserted)}`))
        reused++;
      else rescanned++;
    }
  }
  assert.ok(reused > 50, `${reused} edits reused the previous scan`);
  assert.ok(rescanned > 20, `${rescanned} edits scanned again`);
});

test('a keystroke in a description reuses the scan; edits that may move tokens do not', () => {
  const before = '{\n  "name": "A",\n  "description": "An \\"agent\\" here",\n  "skills": [{"id": "s"}],\n  "x": 1\n}';
  const pointers = ['/x', '/skills/0/id', '/description', '/name'];
  const previous = scanOf(before, pointers);
  const at = before.indexOf('here');
  const typed = before.slice(0, at) + 'and ' + before.slice(at);
  assert.equal(assertSameAsCore(typed, pointers, previous, 'typed'), true);
  const deleted = before.slice(0, at) + before.slice(at + 2);
  assert.equal(assertSameAsCore(deleted, pointers, previous, 'deleted'), true);

  const keyAt = before.indexOf('name') + 2;
  assert.equal(stringInteriorEdit(before, before.slice(0, keyAt) + 'z' + before.slice(keyAt)), undefined, 'in a key');
  const escapeAt = before.indexOf('\\"agent') + 1;
  assert.equal(
    stringInteriorEdit(before, before.slice(0, escapeAt) + 'n' + before.slice(escapeAt)),
    undefined,
    'inside an escape',
  );
  const numberAt = before.indexOf(': 1') + 2;
  assert.equal(stringInteriorEdit(before, before.slice(0, numberAt) + '2' + before.slice(numberAt)), undefined);
  assert.equal(stringInteriorEdit(before, before.replace('"A"', '"A", "B": "C"')), undefined, 'a new member');
  // A pointer the previous scan did not record: scanned again, still the core's ranges.
  assert.equal(assertSameAsCore(typed, [...pointers, '/skills/0/name'], previous, 'new pointer'), false);
});

test('a long minified line and a change at its very end are located like the core', () => {
  const skills = Array.from({ length: 3000 }, (_, i) => ({ id: `s${i}`, description: `skill ${i}` }));
  const before = JSON.stringify({ name: 'n', skills, last: 'tail' });
  const pointers = ['/skills/2999/description', '/last', '/nope'];
  const previous = scanOf(before, pointers);
  const at = before.lastIndexOf('tail') + 4;
  const after = before.slice(0, at) + 'ed' + before.slice(at);
  assert.equal(assertSameAsCore(after, pointers, previous, 'end of a minified card'), true);
});
