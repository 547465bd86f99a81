/**
 * Quick fixes planned by the core (core/fixes/quickFixes.ts), driven by fixtures: every
 * `test/fixtures/quick-fixes/<rule>/<name>.json` is a card, `<name>.fixes.json` lists findings of it with the exact
 * fix titles offered (none = no safe fix) and, per applied fix, the whole expected document. Each fix is applied
 * through the language server's own edit path (text edits that keep the rest of the text) and the result is linted
 * again: the finding is gone and no new kind of problem appeared.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { quickFixesFor } from '../../../server/src/core/fixes/quickFixes';
import { lintDocument } from '../../../server/src/core/lint';
import { textEditsFor } from '../../../server/src/app/document/jsonEdits';

const FIXTURES = join(__dirname, '../../fixtures/quick-fixes');

interface FixCase {
  code: string;
  pointer: string;
  titles: string[];
  apply?: { title: string; expected: unknown }[];
  /** Findings of `code` left after applying a fix (other entries of the same card); 0 when absent. */
  remaining?: number;
  /** Kinds of finding a fix may truthfully bring out (renaming an exact copy leaves two indistinct skills). */
  introduces?: string[];
}

const lint = (text: string) => lintDocument(text, { fileName: 'agent-card.json' });
const codesOf = (text: string) => new Set(lint(text).findings.map((f) => f.code));

function applyPlan(text: string, value: unknown, operations: Parameters<typeof textEditsFor>[2]): string {
  const doc = TextDocument.create('file:///card/agent-card.json', 'json', 1, text);
  return TextDocument.applyEdits(doc, textEditsFor(doc, value, operations));
}

const rules = readdirSync(FIXTURES).sort();
test('there are quick-fix fixtures for the eight rules and for schema', () => {
  assert.deepEqual(rules, [
    'custom-binding-not-uri',
    'deprecated-oauth-flow',
    'duplicate-member',
    'duplicate-skill-id',
    'empty-skill-tags',
    'extension-missing-uri',
    'grpc-address-not-host-port',
    'invalid-interface-url',
    'malformed-signature',
    'schema',
    'unknown-field',
  ]);
});

for (const rule of rules) {
  for (const file of readdirSync(join(FIXTURES, rule))
    .filter((f) => f.endsWith('.fixes.json'))
    .sort()) {
    const name = file.slice(0, -'.fixes.json'.length);
    const text = readFileSync(join(FIXTURES, rule, `${name}.json`), 'utf8');
    const cases: FixCase[] = JSON.parse(readFileSync(join(FIXTURES, rule, file), 'utf8'));
    for (const c of cases) {
      test(`${rule}/${name} ${c.pointer}: ${c.titles.length ? c.titles.join(' | ') : 'no fix offered'}`, () => {
        const before = lint(text);
        const finding = before.findings.find((f) => f.code === c.code && f.pointer === c.pointer);
        assert.ok(
          finding,
          `a ${c.code} finding at ${c.pointer} in ${JSON.stringify(before.findings.map((f) => `${f.code} ${f.pointer}`))}`,
        );
        const plans = quickFixesFor(
          { code: finding.code, pointer: finding.pointer, ...(finding.data ? { data: finding.data } : {}) },
          before.value,
        );
        assert.deepEqual(
          plans.map((p) => p.title),
          c.titles,
        );
        for (const { title, expected } of c.apply ?? []) {
          const plan = plans.find((p) => p.title === title)!;
          const fixed = applyPlan(text, before.value, plan.operations);
          assert.deepEqual(JSON.parse(fixed), expected, title);
          const after = lint(fixed).findings;
          assert.equal(
            after.filter((f) => f.code === c.code).length,
            c.remaining ?? 0,
            `${title}: ${c.code} findings left`,
          );
          const beforeCodes = codesOf(text);
          const allowed = new Set(c.introduces ?? []);
          assert.deepEqual(
            after.map((f) => f.code).filter((code) => !beforeCodes.has(code) && !allowed.has(code)),
            [],
            `${title}: no new kind of finding`,
          );
        }
      });
    }
  }
}

test('the fix for each rule fails soft on data or documents it does not expect', () => {
  const odd: unknown[] = [
    null,
    [],
    'card',
    { skills: 'x', signatures: {}, supportedInterfaces: [null] },
    JSON.parse('{"__proto__": {"id": "x"}}'),
  ];
  const pointers = [
    '',
    '/skills/0/id',
    '/skills/0/tags',
    '/signatures/0/protected',
    '/capabilities/extensions/0',
    '/supportedInterfaces/0/url',
    '/securitySchemes/a/oauth2SecurityScheme/flows/implicit',
    '/__proto__/id',
  ];
  for (const code of rules) {
    for (const doc of odd) {
      for (const pointer of pointers) {
        assert.deepEqual(
          quickFixesFor({ code, pointer, data: { firstIndex: 'zero', index: -1 } }, doc),
          [],
          `${code} ${pointer} on ${JSON.stringify(doc)}`,
        );
      }
    }
  }
});
