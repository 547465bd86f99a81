/** The editor strikes through a finding when its rule's metadata is tagged `deprecated`, whatever the id says. */
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { DiagnosticTag } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { RULES } from '../../../server/src/core/rules/catalog';
import { toDiagnostic } from '../../../server/src/app/document/toDiagnostic';
import type { Finding } from '../../../server/src/core/types';

const doc = TextDocument.create('file:///a.json', 'json', 1, '{}');
const locate = () => ({ offset: 0, length: 2 });

function tagsOf(code: string): DiagnosticTag[] | undefined {
  const finding: Finding = { code, severity: 'warning', pointer: '', message: 'a finding for the test' };
  return toDiagnostic(doc, locate, finding).tags;
}

test('the deprecated rules are the ones tagged so in their metadata', () => {
  const tagged = RULES.filter((r) => r.tags?.includes('deprecated'))
    .map((r) => r.id)
    .sort();
  assert.deepEqual(tagged, ['deprecated-oauth-flow', 'legacy-card-shape']);
});

test('every rule gets the Deprecated tag exactly when its metadata has it', () => {
  for (const r of RULES) {
    const expected = r.tags?.includes('deprecated') ? [DiagnosticTag.Deprecated] : undefined;
    assert.deepEqual(tagsOf(r.id), expected, r.id);
  }
});

test('an unknown code spelled like a deprecated rule gets no tag', () => {
  assert.equal(tagsOf('deprecated-something-else'), undefined);
});
