/**
 * Issue 2 "Bad input": every malformed input gets findings (never an exception, a stack trace or a hang), and
 * unknown members never make a valid card invalid.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintDocument } from '../../server/src/core/lint';
import { findingOffsets, locatePointer, pointerAtOffset } from '../../server/src/core/pointer/range';
import { RULES } from '../../server/src/core/rules/catalog';

const FIXTURES = join(__dirname, '../fixtures/cards');
const cardText = readFileSync(join(FIXTURES, 'valid/pricing-agent.json'), 'utf8');
const lockText = readFileSync(join(FIXTURES, 'valid/pricing.a2a-lock.json'), 'utf8');
const KNOWN_CODES = new Set(RULES.map((r) => r.id));

function codes(text: string, fileName = 'agent-card.json'): string[] {
  return lintDocument(text, { fileName }).findings.map((f) => f.code);
}

/** Every finding has a known code and a range inside the text. */
function assertWellFormed(text: string, fileName = 'agent-card.json') {
  const result = lintDocument(text, { fileName });
  for (const f of result.findings) {
    assert.ok(KNOWN_CODES.has(f.code), `unknown code ${f.code}`);
    const r = findingOffsets(text, f);
    assert.ok(r.offset >= 0 && r.offset + r.length <= text.length);
  }
  return result;
}

test('syntax errors: invalid-json with the offset of the error', () => {
  const text = '{\n  "name": "x",\n  "skills": [1, 2,]\n}';
  const result = assertWellFormed(text);
  assert.deepEqual(
    result.findings.map((f) => f.code),
    ['invalid-json'],
  );
  assert.equal(text[result.findings[0]?.offset?.offset ?? -1], ']');
});

test('unterminated document and stray text', () => {
  assert.deepEqual(codes('{"name": "x"'), ['invalid-json']);
  assert.deepEqual(codes('{"name": "x"} trailing'), ['invalid-json']);
  const singleQuotes = lintDocument("{'name': 'x'}").findings;
  assert.ok(singleQuotes.length >= 1 && singleQuotes.every((f) => f.code === 'invalid-json'));
  assert.match(singleQuotes[0]?.message ?? '', /JSON allows only|member name/);
});

test('empty and whitespace-only files', () => {
  for (const text of ['', '   \n\t', '\uFEFF']) {
    const r = assertWellFormed(text);
    assert.deepEqual(
      r.findings.map((f) => f.code),
      ['invalid-json'],
    );
    assert.match(r.findings[0]?.message ?? '', /empty/);
  }
});

test('binary files', () => {
  const binary = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe,
  ]).toString('utf8');
  const r = assertWellFormed(binary);
  assert.deepEqual(
    r.findings.map((f) => f.code),
    ['invalid-json'],
  );
  assert.match(r.findings[0]?.message ?? '', /binary/);
});

test('a BOM is accepted and ranges still line up', () => {
  const text = '\uFEFF' + cardText.replace('"version": "3.2.0",', '"version": 3,');
  const r = assertWellFormed(text);
  const schema = r.findings.find((f) => f.code === 'schema' && f.pointer === '/version')!;
  assert.ok(schema);
  const range = findingOffsets(text, schema);
  assert.equal(text.slice(range.offset, range.offset + range.length), '3');
});

test('top-level array, string, number, null, boolean: not-an-agent-card', () => {
  for (const text of ['[]', `[${cardText}]`, '"agent"', '42', 'null', 'true']) {
    assert.deepEqual(codes(text), ['not-an-agent-card'], text.slice(0, 20));
  }
});

test('foreign JSON (package.json) is not taken for a card', () => {
  assert.deepEqual(
    codes('{"name":"x","version":"1.0.0","description":"d","scripts":{},"dependencies":{}}', 'package.json'),
    ['not-an-agent-card'],
  );
});

test('wrong types anywhere: every node of a valid card replaced by every JSON type', () => {
  const card = JSON.parse(cardText);
  const replacements: unknown[] = [null, 0, -1.5, '', 'x', true, [], [null], {}, { a: 1 }];
  const pointers: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    pointers.push(path);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(card, []);
  assert.ok(pointers.length > 30);
  let runs = 0;
  for (const path of pointers.slice(1)) {
    for (const replacement of replacements) {
      const copy = JSON.parse(cardText);
      let node = copy;
      for (const seg of path.slice(0, -1)) node = node[seg];
      const last = path[path.length - 1];
      assert.ok(last !== undefined);
      node[last] = replacement;
      const result = assertWellFormed(JSON.stringify(copy, null, 1));
      assert.equal(result.kind, 'card');
      runs++;
    }
  }
  assert.ok(runs > 300);
});

test('wrong types anywhere in a lockfile', () => {
  const lock = JSON.parse(lockText);
  for (const key of Object.keys(lock)) {
    for (const replacement of [null, 1, 'x', [], {}]) {
      const copy = { ...lock, [key]: replacement };
      assertWellFormed(JSON.stringify(copy), 'a2a-lock.json');
    }
  }
  const skills = JSON.parse(lockText);
  skills.requires.skills['itinerary-pricing'] = { input: [1, null, {}], output: 'text/plain', scopes: { a: 1 } };
  assert.ok(codes(JSON.stringify(skills), 'a2a-lock.json').includes('schema'));
});

test('10,000-deep nesting: in a member, as an unknown member, at top level, and unterminated', () => {
  const deep = '['.repeat(10_000) + ']'.repeat(10_000);
  const deepObj = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
  const card = JSON.parse(cardText);
  const inName = JSON.stringify({ ...card, name: '@@' }).replace('"@@"', deep);
  assert.ok(codes(inName).includes('schema'));
  const asUnknown = JSON.stringify({ ...card, 'x-deep': '@@' }).replace('"@@"', deepObj);
  assert.deepEqual(codes(asUnknown), ['unknown-field', 'not-canonicalizable']); // it cannot be pinned either
  assert.deepEqual(codes(deep), ['not-an-agent-card']);
  assert.deepEqual(codes('['.repeat(10_000)), ['invalid-json']);
  assert.deepEqual(codes('{"a":'.repeat(10_000)), ['invalid-json']);
  // ranges for deep documents never throw (jsonc-parser recursion is guarded)
  assert.doesNotThrow(() => locatePointer(asUnknown, '/x-deep/a/a/a', 'key'));
  assert.doesNotThrow(() => pointerAtOffset(inName, 5000));
});

test('20,000 skills (all duplicates of one id): the first 100 duplicates, the rest counted, no crash', () => {
  const card = JSON.parse(cardText);
  card.skills = Array.from({ length: 20_000 }, () => ({ ...card.skills[0] }));
  const result = lintDocument(JSON.stringify(card), {
    fileName: 'agent-card.json',
    settings: { maxCardBytes: 64 * 1024 * 1024 },
  });
  assert.equal(result.tooLarge, false);
  assert.equal(result.findings.filter((f) => f.code === 'duplicate-skill-id').length, 100);
  assert.equal(result.findings.find((f) => f.code === 'findings-left-out')?.data?.total, 19_899);
  assert.equal(result.findings.filter((f) => f.code === 'schema').length, 0);
});

test('unicode and control characters', () => {
  const card = JSON.parse(cardText);
  card.name = 'Agent 🚀 \u202Eevil\u202C \u200B zero-width';
  card.description = 'line\nbreak\ttab\u0001ctrl (escaped in JSON)';
  card.skills[0].id = '🚀/~id';
  card.skills.push({ ...card.skills[0] });
  const text = JSON.stringify(card, null, 2);
  const result = assertWellFormed(text);
  const dup = result.findings.find((f) => f.code === 'duplicate-skill-id')!;
  assert.equal(dup.pointer, '/skills/1/id');
  const range = findingOffsets(text, dup);
  assert.equal(text.slice(range.offset, range.offset + range.length), JSON.stringify('🚀/~id'));
  // a raw (unescaped) control character inside a string is a syntax error
  assert.deepEqual(codes('{"name": "a\u0001b"}'), ['invalid-json']);
  // member names with / and ~ are escaped in pointers
  const odd = JSON.stringify({ ...JSON.parse(cardText), 'a/b~c': 1 });
  const unknown = lintDocument(odd, { fileName: 'agent-card.json' }).findings.find((f) => f.code === 'unknown-field')!;
  assert.equal(unknown.pointer, '/a~1b~0c');
});

test('unknown members at every level never make a valid card invalid', () => {
  const card = JSON.parse(cardText);
  // Maps (scheme name → scheme, scope → description, scheme → scopes) take any key by design: adding one there
  // adds an entry, not an unknown member, so they are skipped.
  const MAPS = new Set(['securitySchemes', 'scopes', 'schemes']);
  const addUnknown = (v: unknown, key: string): void => {
    if (Array.isArray(v)) v.forEach((x) => addUnknown(x, key));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) addUnknown(x, k);
      if (!MAPS.has(key)) (v as Record<string, unknown>)['x-extra'] = { nested: [1, 2, 3] };
    }
  };
  addUnknown(card, '');
  const result = lintDocument(JSON.stringify(card, null, 2), { fileName: 'agent-card.json' });
  assert.deepEqual(
    result.findings.filter((f) => f.severity === 'error').map((f) => `${f.code} ${f.pointer}`),
    [],
  );
  assert.ok(result.findings.filter((f) => f.code === 'unknown-field').length >= 8);
});

test('a card over the size limit gets card-too-large only, and is not parsed', () => {
  const big = JSON.stringify({ ...JSON.parse(cardText), description: 'x'.repeat(1024 * 1024) });
  const result = lintDocument(big, { fileName: 'agent-card.json' });
  assert.deepEqual(
    result.findings.map((f) => f.code),
    ['card-too-large'],
  );
  assert.equal(result.tooLarge, true);
  assert.equal(result.value, undefined);
  const raised = lintDocument(big, { fileName: 'agent-card.json', settings: { maxCardBytes: 4 * 1024 * 1024 } });
  assert.equal(raised.tooLarge, false);
});

test('20,000 skills with 0.3-shaped requirements: explained findings up to the cap, without quadratic work', () => {
  const card = JSON.parse(cardText);
  card.securitySchemes = { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } };
  delete card.securityRequirements;
  card.skills = Array.from({ length: 20_000 }, (_, i) => ({
    ...card.skills[0],
    id: `s${i}`,
    securityRequirements: [{ bearer: [] }],
  }));
  const result = lintDocument(JSON.stringify(card), {
    fileName: 'agent-card.json',
    settings: { maxCardBytes: 64 * 1024 * 1024 },
  });
  const counts: Record<string, number> = {};
  for (const f of result.findings) counts[f.code] = (counts[f.code] ?? 0) + 1;
  // the schema error (no "schemes") and unknown-field ("bearer") are superseded by the shape finding; 20,000 copies of
  // one skill are also indistinct to a planner (at most 50 findings of that rule); past 100 per rule, counted
  assert.deepEqual(counts, { 'security-requirement-shape': 100, 'indistinct-skills': 50, 'findings-left-out': 1 });
});
