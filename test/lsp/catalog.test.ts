/**
 * An AI Catalog in the editor, through the real language server over stdio: diagnostics with codes and ranges
 * inside the catalog file (inline card findings included), a hover per entry (the inline card's compiled summary;
 * a URL entry described, never fetched), the entries in the capabilities tree, and "Pin this agent" lenses.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import type { CodeLens, MarkupContent } from 'vscode-languageserver-protocol';
import type { CapabilitiesResult } from '../../server/src/protocol';
import { fileUri, startLsp } from './harness';

const CATALOG = join(__dirname, '..', 'fixtures', 'ai-catalog', 'lint', 'travel.ai-catalog.json');
const expected: { code: string; pointer: string; line: number }[] = JSON.parse(
  readFileSync(CATALOG.replace(/\.json$/, '.expected.json'), 'utf8'),
);

/** A loopback server that counts the requests it gets: a hover must not make any. */
async function countingServer(): Promise<{ server: Server; url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/.well-known/agent-card.json`, requests: () => requests };
}

test('a catalog: diagnostics, hovers, the capabilities tree and the pin lenses', async (t) => {
  const agent = await countingServer();
  t.after(() => agent.server.close());
  const lsp = await startLsp();
  t.after(() => lsp.stop());
  // The first entry is served at the counting server, to see that hover and the tree never fetch it.
  const text = readFileSync(CATALOG, 'utf8').replace(
    'https://pricing.example.com/.well-known/agent-card.json',
    agent.url,
  );
  const uri = fileUri('/ws/.well-known/ai-catalog.json');
  const doc = await lsp.open(uri, 'json', text);

  const diagnostics = await lsp.diagnostics(uri);
  assert.deepEqual(
    diagnostics.map((d) => `${String(d.code)} ${d.range.start.line + 1}`).sort(),
    expected.map((e) => `${e.code} ${e.line}`).sort(),
  );

  const hoverText = async (needle: string) => {
    const h = await lsp.hover(uri, doc.positionAt(text.indexOf(needle) + 1));
    assert.ok(h, needle);
    return (h.contents as MarkupContent).value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  };
  const inline = await hoverText('"urn:air:example.com:agents:quotes"');
  assert.match(inline, /\*\*Catalog entry\*\* urn:air:example.com:agents:quotes/);
  assert.match(inline, /usable for this client\*\* \(JSONRPC 1\.0 at https:\/\/quotes\.example\.com\/a2a\)/);
  assert.match(inline, /skills: quote/);
  // An inline card is pinned through the catalog file: the hover says what the pin records.
  assert.match(inline, /"Pin this agent" pins the inline card \(`data`\) through this catalog/);
  const byUrl = await hoverText('"version": "3.2.0"');
  assert.match(byUrl, /not fetched on hover/);
  assert.ok(byUrl.includes(agent.url));
  // An entry's URL is pinned through the catalog file too, so later checks follow the agent when it moves.
  assert.match(byUrl, /"Pin this agent" pins the card at this URL through this catalog/);
  const other = await hoverText('"urn:air:example.com:mcp:search"');
  assert.match(other, /application\/mcp-server-card\+json/);
  assert.match(other, /leaves entries of this type alone/);

  const tree = (await lsp.connection.sendRequest('a2a/capabilities', { uri })) as CapabilitiesResult;
  assert.equal(tree.kind, 'catalog');
  assert.equal(tree.summary, '7 entries · 5 agents');
  assert.equal(tree.nodes.length, 7);
  const quotes = tree.nodes[4]!;
  assert.equal(quotes.label, 'urn:air:example.com:agents:quotes');
  assert.equal(quotes.icon, 'check');
  assert.deepEqual(
    quotes.children?.map((c) => c.label),
    ['quote'],
  );
  assert.equal(quotes.range?.start.line, text.split('\n').findIndex((l) => l.includes('agents:quotes')) - 1);

  const lenses = (await lsp.connection.sendRequest('textDocument/codeLens', {
    textDocument: { uri },
  })) as CodeLens[];
  // Every A2A entry served at an http(s) URL and the inline card, each by its entry (pinned through the catalog file);
  // not the nested catalog, the MCP entry, or the entry with both a url and data (it names no card to pin).
  const target = (l: CodeLens) => {
    const argument = l.command?.arguments?.[0] as { url?: string; identifier?: string; version?: string };
    return argument.url ?? `entry ${argument.identifier}${argument.version ? `@${argument.version}` : ''}`;
  };
  assert.deepEqual(
    lenses.map((l) => [l.command?.title, l.command?.command, target(l)]),
    [
      ['Pin this agent', 'a2a.pinAgent', 'entry urn:air:example.com:agents:pricing@3.2.0'],
      ['Pin this agent', 'a2a.pinAgent', 'entry urn:air:example.com:agents:pricing@3.2.0'],
      ['Pin this agent', 'a2a.pinAgent', 'entry urn:air:example.com:agents:pr\u0456cing'],
      ['Pin this agent', 'a2a.pinAgent', 'entry urn:air:example.com:agents:quotes'],
    ],
  );
  assert.deepEqual(lenses[0]!.command?.arguments?.[0], {
    catalog: uri,
    identifier: 'urn:air:example.com:agents:pricing',
    version: '3.2.0',
  });
  assert.equal(agent.requests(), 0, 'hover, tree and lenses fetched nothing');
  assert.equal(lsp.stderr(), '');
});

test('a catalog read from an http(s) URL: the lenses pin through the catalog reference', async (t) => {
  const lsp = await startLsp();
  t.after(() => lsp.stop());
  const text = readFileSync(CATALOG, 'utf8');
  const uri = 'https://catalogs.example.com/.well-known/ai-catalog.json';
  await lsp.open(uri, 'a2a-ai-catalog', text);
  const lenses = (await lsp.connection.sendRequest('textDocument/codeLens', {
    textDocument: { uri },
  })) as CodeLens[];
  // CATALOG-URL#IDENTIFIER@VERSION, so the pin records found_via; an entry without a version names none. The entry
  // with both a url and data names no card, so it has no lens.
  assert.deepEqual(
    lenses.map((l) => (l.command?.arguments?.[0] as { url: string }).url),
    [
      `${uri}#urn:air:example.com:agents:pricing@3.2.0`,
      `${uri}#urn:air:example.com:agents:pricing@3.2.0`,
      `${uri}#urn:air:example.com:agents:pr%D1%96cing`,
      `${uri}#urn:air:example.com:agents:quotes`,
    ],
  );
  assert.deepEqual(lenses[0]!.command?.arguments?.[0], {
    url: `${uri}#urn:air:example.com:agents:pricing@3.2.0`,
    catalog: uri,
  });
});
