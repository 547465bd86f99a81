// What the extension does in an untrusted workspace: it still validates and answers tool calls on the workspace's
// files, and refuses every language-model tool call that would reach the network, before any request is sent (a
// loopback agent counts what reaches it).
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { test } from '../harness';
import { EXTENSION_ID, codeOf, exampleUri, openExample, waitForDiagnostics } from '../workspace';

const CARD = 'cards/good.agent-card.json';
const LOCK = 'lockfiles/travel.a2a-lock.json';

interface CountingAgent {
  url: string;
  hits: () => number;
  close: () => Promise<void>;
}

/** A loopback server that answers every request with a valid-looking card and counts the requests. */
async function countingAgent(): Promise<CountingAgent> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits++;
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/agent-card.json`,
    hits: () => hits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content
    .filter((p): p is vscode.LanguageModelTextPart => p instanceof vscode.LanguageModelTextPart)
    .map((p) => p.value)
    .join('');
}

test('the workspace opens untrusted (Restricted Mode)', async () => {
  assert.equal(vscode.workspace.isTrusted, false);
});

test('in Restricted Mode the extension activates and still validates cards', async () => {
  await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
  await openExample('cards/broken-schema.agent-card.json');
  const diags = await waitForDiagnostics(
    exampleUri('cards/broken-schema.agent-card.json'),
    (all) => all.some((d) => codeOf(d) === 'schema'),
    'schema diagnostics in Restricted Mode',
    30_000,
  );
  assert.ok(diags.length > 0);
});

test('in Restricted Mode a tool call on a workspace card still answers', async () => {
  const got = JSON.parse(await invoke('a2a_profile', { source: CARD })) as { profile?: { skills?: object } };
  assert.ok(got.profile?.skills && Object.keys(got.profile.skills).length > 0, 'a compiled profile with skills');
});

test('in Restricted Mode every tool call that would reach the network is refused, and nothing is sent', async () => {
  const agent = await countingAgent();
  try {
    const calls: [string, object][] = [
      ['a2a_profile', { source: agent.url }],
      ['a2a_profile', { source: `  ${agent.url.replace('http://', 'HTTP://')}` }],
      ['a2a_how_to_call', { source: agent.url, skill: 'book-trip' }],
      ['a2a_check_lockfile', { lockfile: LOCK, live: true }],
    ];
    for (const [name, input] of calls) {
      await assert.rejects(invoke(name, input), /Restricted Mode/, `${name} ${JSON.stringify(input)}`);
    }
    assert.equal(agent.hits(), 0, 'no request reached the agent');
  } finally {
    await agent.close();
  }
});

test('in Restricted Mode a lockfile check without live still answers from the pinned card file', async () => {
  const got = JSON.parse(await invoke('a2a_check_lockfile', { lockfile: LOCK })) as Record<string, unknown>;
  assert.equal(got.classification, 'compatible', JSON.stringify(got).slice(0, 300));
});
