/** The outline as a pure function of an analysed document (the stdio wiring: outline.test.ts). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import { documentSymbols } from '../../server/src/app/document/symbols';
import { analyzed } from './analyzed';
import { at } from '../at';

const child = (list: DocumentSymbol[] | undefined, name: string) => list?.find((x) => x.name === name);

test('interfaces, skills and security schemes get readable names and kinds', () => {
  const { doc, a } = analyzed(readFileSync(join(__dirname, 'fixtures', 'good.agent-card.json'), 'utf8'));
  const symbols = documentSymbols(doc, a);
  const interfaces = child(symbols, 'supportedInterfaces')?.children;
  assert.deepEqual(
    interfaces?.map((c) => [c.name, c.kind]),
    [
      ['GRPC 1.0 pricing.example:443', SymbolKind.Interface],
      ['JSONRPC 1.0 https://pricing.example/a2a', SymbolKind.Interface],
    ],
  );
  assert.deepEqual(
    child(symbols, 'skills')?.children?.map((c) => [c.name, c.kind]),
    [
      ['quote', SymbolKind.Function],
      ['bulk', SymbolKind.Function],
    ],
  );
  const oauth = child(child(symbols, 'securitySchemes')?.children, 'oauth');
  assert.equal(oauth?.kind, SymbolKind.Key);
  assert.equal(oauth?.detail, 'oauth2SecurityScheme');
  assert.equal(child(symbols, 'version')?.detail, '2.1.0');
});

test('an item without its naming member falls back to its kind and index', () => {
  const { doc, a } = analyzed('{"skills": [{"name": "no id"}], "supportedInterfaces": [{}]}');
  const symbols = documentSymbols(doc, a);
  assert.deepEqual(
    child(symbols, 'skills')?.children?.map((c) => c.name),
    ['skill 0'],
  );
  assert.deepEqual(
    child(symbols, 'supportedInterfaces')?.children?.map((c) => c.name),
    ['interface 0'],
  );
});

test('card text in names and details shows hidden characters as escapes', () => {
  const { doc, a } = analyzed('{"skills": [{"id": "quo\u202ete"}], "note\u200b": "a\u202eb"}');
  const symbols = documentSymbols(doc, a);
  assert.deepEqual(
    child(symbols, 'skills')?.children?.map((c) => c.name),
    ['quo\\u202ete'],
  );
  const note = child(symbols, 'note\\u200b');
  assert.equal(note?.detail, 'a\\u202eb');
});

test('a huge card gives a bounded outline, and a document that is not an object or array none', () => {
  const big = JSON.stringify({ skills: Array.from({ length: 6000 }, (_, i) => ({ id: `s${i}` })) });
  const { doc, a } = analyzed(big);
  const count = (list: DocumentSymbol[] | undefined): number =>
    (list ?? []).reduce((n, s) => n + 1 + count(s.children), 0);
  const total = count(documentSymbols(doc, a));
  assert.ok(total > 1000 && total <= 5000, `outline of ${total} symbols`);
  const scalar = analyzed('"just a string"');
  assert.deepEqual(documentSymbols(scalar.doc, scalar.a), []);
});

test('deep nesting stops the outline at its depth limit instead of overflowing the stack', () => {
  const depth = 1999;
  const { doc, a } = analyzed('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
  let levels = 0;
  for (let list: DocumentSymbol[] | undefined = documentSymbols(doc, a); list?.length; list = at(list, 0).children)
    levels++;
  assert.ok(levels > 0 && levels <= 64, `${levels} levels`);
});
