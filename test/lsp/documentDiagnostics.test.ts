/**
 * Diagnostics as a pure function of an analysed document and, for a lockfile, its check against the card it pins
 * (the stdio wiring, the workspace lookup and live cards: diagnostics.test.ts and lockfile.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { documentDiagnostics } from '../../server/src/app/document/diagnostics';
import type { LockfileAgainstCard } from '../../server/src/app/document/pinnedCard';
import { DEFAULT_SETTINGS, type A2ASettings } from '../../server/src/protocol';
import type { CheckResult, CompiledProfile, Lockfile } from '../../server/src/core/types';
import { readLockfile } from '../../server/src/core/lockfile/read';
import { analyzed } from './analyzed';

const FIXTURES = join(__dirname, 'fixtures');
const LOCK = join(FIXTURES, 'workspace', 'planner', 'pricing.a2a-lock.json');
const flat = (d: Diagnostic) => [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character];

test('a card: every finding at the range of its pointer, as the server publishes it', () => {
  const { doc, a } = analyzed(readFileSync(join(FIXTURES, 'mapping.agent-card.json'), 'utf8'));
  const expected = JSON.parse(readFileSync(join(FIXTURES, 'mapping.expected.json'), 'utf8')) as {
    code: string;
    pointer: string;
    severity: number;
    range: number[];
  }[];
  const got = documentDiagnostics(doc, a, undefined).map((d) => ({
    code: d.code,
    pointer: (d.data as { pointer: string }).pointer,
    severity: d.severity,
    range: flat(d),
  }));
  const byPointer = (x: { pointer: string }, y: { pointer: string }) => x.pointer.localeCompare(y.pointer);
  assert.deepEqual(
    got.sort(byPointer),
    expected.map(({ code, pointer, severity, range }) => ({ code, pointer, severity, range })).sort(byPointer),
  );
});

function pinnedWith(lock: Lockfile, check: CheckResult): LockfileAgainstCard {
  return {
    lock,
    agent: '/ws/agents/pricing/.well-known/agent-card.json',
    pinned: { source: 'agents/pricing/.well-known/agent-card.json', card: {}, profile: {} as CompiledProfile },
    check,
  };
}

function lockfile(settings = DEFAULT_SETTINGS) {
  const text = readFileSync(LOCK, 'utf8');
  const { doc, a } = analyzed(text, 'a2a-lockfile', 'file:///ws/planner/pricing.a2a-lock.json', settings);
  const read = readLockfile(a.value);
  assert.ok(read.ok, 'the fixture lockfile reads');
  return { doc, a, lock: read.lockfile };
}

const BREAKING: CheckResult = {
  classification: 'breaking',
  problems: [{ level: 'breaking', pointer: '/requires/push', message: 'push notifications are no longer offered' }],
  notes: [{ level: 'note', pointer: '/agent', message: 'the card has a new version' }],
};

test("a lockfile: each item of the check is a diagnostic on the member's value, naming the card it was compared with", () => {
  const { doc, a, lock } = lockfile();
  const got = documentDiagnostics(doc, a, pinnedWith(lock, BREAKING)).filter((d) => /^lockfile-/.test(String(d.code)));
  assert.deepEqual(
    got.map((d) => [d.code, (d.data as { pointer: string }).pointer, d.severity]),
    [
      ['lockfile-breaking', '/requires/push', DiagnosticSeverity.Error],
      ['lockfile-note', '/agent', DiagnosticSeverity.Information],
    ],
  );
  assert.match(String(got[0]?.message), /compared with the card in agents\/pricing\/\.well-known\/agent-card\.json/);
  assert.equal(
    doc.getText(got[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }),
    'true',
  );
});

test('a lockfile: the rule settings decide the check diagnostics too (off drops them)', () => {
  const settings: A2ASettings = { ...DEFAULT_SETTINGS, rules: { 'lockfile-breaking': 'off', 'lockfile-note': 'hint' } };
  const { doc, a, lock } = lockfile(settings);
  const got = documentDiagnostics(doc, a, pinnedWith(lock, BREAKING)).filter((d) => /^lockfile-/.test(String(d.code)));
  assert.deepEqual(
    got.map((d) => [d.code, d.severity]),
    [['lockfile-note', DiagnosticSeverity.Hint]],
  );
});

test('a card is never given lockfile diagnostics, whatever is passed as pinned', () => {
  const { lock } = lockfile();
  const { doc, a } = analyzed(readFileSync(join(FIXTURES, 'good.agent-card.json'), 'utf8'));
  assert.deepEqual(
    documentDiagnostics(doc, a, pinnedWith(lock, BREAKING)).filter((d) => /^lockfile-/.test(String(d.code))),
    [],
  );
});
