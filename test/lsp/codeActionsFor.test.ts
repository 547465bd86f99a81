/**
 * Code actions as a pure function of an analysed document and the diagnostics asked about (codeActionsFor); the
 * edits applied and re-validated by the real server: codeActions.test.ts.
 */
import { MAX_FINDINGS_PER_RULE } from '../../server/src/core/findingCap';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import { makeLocator } from '../../server/src/core/pointer/locateAll';
import { codeActionsFor } from '../../server/src/app/document/codeActions';
import { toDiagnostic } from '../../server/src/app/document/toDiagnostic';
import { analyzed } from './analyzed';
import { at } from '../at';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

/** The document, its analysis and its diagnostics as the server would publish them. */
function withDiagnostics(text: string) {
  const { doc, a } = analyzed(text);
  const locate = makeLocator(
    text,
    a.findings.map((f) => f.pointer),
  );
  return { doc, a, diagnostics: a.findings.map((f) => toDiagnostic(doc, locate, f)) };
}

test('actions are keyed on code and data: a reworded message keeps them, a foreign source has none', () => {
  const { doc, a, diagnostics } = withDiagnostics(fixture('good.agent-card.json'));
  const [d] = diagnostics;
  assert.ok(d, 'the fixture has a finding');
  assert.equal(codeActionsFor(doc, a, { diagnostics: [{ ...d, message: 'a translated message' }] }).length, 1);
  assert.equal(codeActionsFor(doc, a, { diagnostics: [{ ...d, source: 'json' }] }).length, 0);
  assert.equal(codeActionsFor(doc, a, { diagnostics: [{ ...d, data: undefined }] }).length, 0);
});

test('the whole-card migration is offered once however many legacy members were flagged, and `only` filters by kind', () => {
  const { doc, a, diagnostics } = withDiagnostics(fixture('legacy-0.3.agent-card.json'));
  const legacy = diagnostics.filter((d) => d.code === 'legacy-card-shape');
  assert.ok(legacy.length >= 5);
  const titles = codeActionsFor(doc, a, { diagnostics: legacy }).map((x) => x.title);
  assert.equal(titles.filter((t) => t === 'Migrate this card to A2A 1.0').length, 1, JSON.stringify(titles));
  const kinds = (only: string[]) => new Set(codeActionsFor(doc, a, { diagnostics: legacy, only }).map((x) => x.kind));
  for (const only of [[CodeActionKind.QuickFix], [CodeActionKind.RefactorRewrite]]) {
    for (const kind of kinds(only)) assert.ok(kind?.startsWith(at(only, 0)), `${kind} under only=${only[0]}`);
  }
});

test('a request is bounded: the fixes of the first 50 diagnostics only', () => {
  const card = JSON.parse(fixture('good.agent-card.json')) as Record<string, unknown>;
  for (let i = 0; i < 200; i++) card[`x-unknown-${i}`] = i;
  const { doc, a, diagnostics } = withDiagnostics(JSON.stringify(card, null, 2));
  const unknown: Diagnostic[] = diagnostics.filter((d) => d.code === 'unknown-field');
  assert.equal(unknown.length, MAX_FINDINGS_PER_RULE, 'as many as the per-rule cap lets through, more than 50');
  const fixed = new Set(
    codeActionsFor(doc, a, { diagnostics: unknown }).flatMap((x) =>
      (x.diagnostics ?? []).map((d) => JSON.stringify(d.range)),
    ),
  );
  assert.equal(fixed.size, 50);
});

test('a document that is not JSON has no actions', () => {
  const { doc, a } = analyzed('{ "name": ');
  const d: Diagnostic = {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    message: 'x',
    code: 'unknown-field',
    source: 'a2a',
    data: { pointer: '/name' },
  };
  assert.deepEqual(codeActionsFor(doc, a, { diagnostics: [d] }), []);
});

test('internal-address offers, once per document, the command that sets a2a.card.internalOnly in the folder settings', () => {
  const card = JSON.parse(fixture('good.agent-card.json')) as Record<string, unknown>;
  card.supportedInterfaces = [
    { url: 'https://10.1.2.3/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'https://pricing.corp/a2a', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
  ];
  card.documentationUrl = 'http://localhost:8080/docs';
  const { doc, a, diagnostics } = withDiagnostics(JSON.stringify(card, null, 2));
  const internal = diagnostics.filter((d) => d.code === 'internal-address');
  assert.ok(internal.length >= 3, JSON.stringify(diagnostics.map((d) => d.code)));
  const actions = codeActionsFor(doc, a, { diagnostics: internal }).filter((x) => x.command);
  assert.equal(actions.length, 1, JSON.stringify(actions.map((x) => x.title)));
  const [action] = actions;
  assert.equal(action!.title, 'These cards are served only inside our network: set a2a.card.internalOnly');
  assert.equal(action!.kind, CodeActionKind.QuickFix);
  assert.equal(action!.edit, undefined, 'the card is not edited');
  assert.deepEqual(action!.command, {
    title: action!.title,
    command: 'a2a.setBooleanSetting',
    arguments: ['card.internalOnly', true, doc.uri],
  });
  // Asked for refactorings only, or about another rule's diagnostic, it is not offered.
  assert.equal(
    codeActionsFor(doc, a, { diagnostics: internal, only: [CodeActionKind.RefactorRewrite] }).filter((x) => x.command)
      .length,
    0,
  );
  const others = diagnostics.filter((d) => d.code !== 'internal-address');
  assert.ok(
    !codeActionsFor(doc, a, { diagnostics: others }).some((x) => x.command?.command === 'a2a.setBooleanSetting'),
  );
});
