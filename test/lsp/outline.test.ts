/** Outline, folding and the capabilities tree payload from the real server. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { CapabilitiesRequest, type CapabilityNode } from '../../server/src/protocol';
import { startLsp, type LspSession } from './harness';
import { at } from '../at';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
let s: LspSession;
before(async () => {
  s = await startLsp();
});
after(async () => {
  await s.stop();
});

test('the outline names interfaces, skills and security schemes', async () => {
  const uri = 'file:///outline/good.agent-card.json';
  await s.open(uri, 'a2a-agent-card', fixture('good.agent-card.json'));
  const symbols = await s.symbols(uri);
  const child = (list: DocumentSymbol[] | undefined, name: string) => list?.find((x) => x.name === name);
  assert.deepEqual(
    child(symbols, 'supportedInterfaces')?.children?.map((c) => c.name),
    ['GRPC 1.0 pricing.example:443', 'JSONRPC 1.0 https://pricing.example/a2a'],
  );
  assert.deepEqual(
    child(symbols, 'skills')?.children?.map((c) => c.name),
    ['quote', 'bulk'],
  );
  const oauth = child(child(symbols, 'securitySchemes')?.children, 'oauth');
  assert.equal(oauth?.detail, 'oauth2SecurityScheme');
  assert.deepEqual(oauth?.selectionRange, { start: { line: 10, character: 4 }, end: { line: 10, character: 11 } });
});

test('folding ranges cover multi-line objects and arrays and keep the closing bracket visible', async () => {
  const uri = 'file:///outline/folding.agent-card.json';
  await s.open(uri, 'a2a-agent-card', '{\n  "skills": [\n    {\n      "id": "a"\n    }\n  ],\n  "x": {}\n}\n');
  const ranges = (await s.folding(uri)).map((r) => [r.startLine, r.endLine]).sort((a, b) => at(a, 0) - at(b, 0));
  assert.deepEqual(ranges, [
    [0, 6],
    [1, 4],
    [2, 3],
  ]);
});

test('the capabilities payload shows the chosen interface, flags and per-skill modes', async () => {
  const uri = 'file:///outline/tree.agent-card.json';
  await s.open(uri, 'a2a-agent-card', fixture('good.agent-card.json'));
  const r = await s.connection.sendRequest(CapabilitiesRequest.type, { uri });
  assert.equal(r.kind, 'card');
  assert.equal(r.summary, 'usable · JSONRPC 1.0');
  const find = (nodes: CapabilityNode[] | undefined, id: string): CapabilityNode | undefined => {
    for (const node of nodes ?? []) {
      if (node.id === id) return node;
      const hit = find(node.children, id);
      if (hit) return hit;
    }
    return undefined;
  };
  assert.equal(find(r.nodes, 'interface')?.description, 'JSONRPC 1.0 https://pricing.example/a2a');
  assert.equal(find(r.nodes, 'flags/streaming')?.description, 'yes');
  assert.equal(find(r.nodes, 'skills/quote/input')?.description, 'application/json');
  assert.match(find(r.nodes, 'skills/quote/input')?.tooltip ?? '', /text\/plain NOT accepted/);
  assert.equal(find(r.nodes, 'skills/quote')?.range?.start.line, 22);
});

test('the capabilities request for an unknown document is empty, not an error', async () => {
  const r = await s.connection.sendRequest(CapabilitiesRequest.type, { uri: 'file:///nowhere/agent-card.json' });
  assert.equal(r.kind, 'none');
});

test('the capabilities payload shows interface URLs without userinfo: no password in any label or the profile', async () => {
  const fixtures = join(__dirname, '..', 'fixtures', 'redact');
  const passwords = JSON.parse(readFileSync(join(fixtures, 'userinfo-interfaces.passwords.json'), 'utf8')) as string[];
  const uri = 'file:///outline/userinfo.agent-card.json';
  await s.open(uri, 'a2a-agent-card', readFileSync(join(fixtures, 'userinfo-interfaces.card.json'), 'utf8'));
  const r = await s.connection.sendRequest(CapabilitiesRequest.type, { uri });
  const text = JSON.stringify(r);
  assert.equal(r.summary, 'usable · JSONRPC 1.0');
  for (const password of passwords) assert.ok(!text.includes(password), `${password} in ${text}`);
  assert.doesNotMatch(text, /caller|ops:|grpc:/);
  assert.equal(r.profile?.interface?.url, 'https://pricing.example.com/a2a');
  const iface = r.nodes.find((n) => n.id === 'interface');
  assert.equal(iface?.description, 'JSONRPC 1.0 https://pricing.example.com/a2a');
  assert.equal(iface?.children?.length, 3);
});
