/**
 * An unsaved (untitled) AI Catalog, through the real language server over stdio: it has no path a lockfile could
 * record, so its inline card gets no "Pin this agent" lens and its hover says to save the catalog first, and an
 * entry's URL is pinned as a plain URL, which its hover says too. Hover and lens tell the same story.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CodeLens, MarkupContent } from 'vscode-languageserver-protocol';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { startLsp } from './harness';

const A2A = 'application/a2a-agent-card+json';
const CARD_URL = 'https://pricing.example.com/.well-known/agent-card.json';

test('an untitled catalog: no lens on its inline card, whose hover says to save first; URLs pinned as URLs', async (t) => {
  const lsp = await startLsp();
  t.after(() => lsp.stop());
  const text = JSON.stringify(
    {
      specVersion: '1.0',
      entries: [
        {
          identifier: 'urn:air:example.com:inline',
          type: A2A,
          data: pricingCard('https://pricing.example.com', 'base'),
        },
        { identifier: 'urn:air:example.com:served', type: A2A, url: CARD_URL },
      ],
    },
    null,
    2,
  );
  const uri = 'untitled:Untitled-1';
  const doc = await lsp.open(uri, 'a2a-ai-catalog', text);
  const hoverText = async (needle: string) => {
    const h = await lsp.hover(uri, doc.positionAt(text.indexOf(needle) + 1));
    assert.ok(h, needle);
    return (h.contents as MarkupContent).value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  };

  const inline = await hoverText('"urn:air:example.com:inline"');
  assert.match(inline, /Save the catalog to pin this agent/);
  assert.doesNotMatch(inline, /"Pin this agent" pins/);
  const served = await hoverText('"urn:air:example.com:served"');
  assert.match(served, /"Pin this agent" pins the card at this URL only: save the catalog/);

  const lenses = (await lsp.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  assert.deepEqual(
    lenses.map((l) => l.command?.arguments?.[0]),
    [{ url: CARD_URL, catalog: uri }],
  );
  assert.equal(lsp.stderr(), '');
});

test('a saved catalog with unsaved edits keeps its lenses: the pin reads the open text', async (t) => {
  const lsp = await startLsp();
  t.after(() => lsp.stop());
  const uri = 'file:///ws/catalogs/ai-catalog.json';
  const text = JSON.stringify({
    specVersion: '1.0',
    entries: [{ identifier: 'urn:air:example.com:inline', type: A2A, data: pricingCard('https://p.example', 'base') }],
  });
  const doc = await lsp.open(uri, 'a2a-ai-catalog', text);
  const lenses = (await lsp.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
  assert.deepEqual(
    lenses.map((l) => l.command?.arguments?.[0]),
    [{ catalog: uri, identifier: 'urn:air:example.com:inline' }],
  );
  const h = await lsp.hover(uri, doc.positionAt(text.indexOf('"urn:air:example.com:inline"') + 1));
  assert.match((h?.contents as MarkupContent).value, /pins the inline card/);
});
