/**
 * The editor's language-model tools: package.json contributes them with the MCP tools' very descriptions and input
 * schemas; a network call needs confirmation and is refused in Restricted Mode (lmToolGate.ts); and the real
 * language server, asked over stdio, answers them with the same JSON as `a2acap mcp` for the same workspace,
 * reaching the network only when the workspace is trusted.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNKNOWN_CALL, gateToolCall as gateWithFacts } from '../../client/src/lmToolGate';
import { toolCallGate } from '../../server/src/mcp/toolNetwork';
import { TOOLS } from '../../server/src/mcp/tools';
import {
  EDITOR_TOOL_NAMES,
  LanguageModelToolGateRequest,
  LanguageModelToolRequest,
  type LanguageModelToolResult,
} from '../../server/src/protocol';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { startLsp, type LspSession } from '../lsp/harness';
import { callTool, startMcp, type McpSession } from './helpers';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  activationEvents: string[];
  contributes: {
    languageModelTools: { name: string; modelDescription: string; inputSchema: unknown; displayName: string }[];
  };
};

describe('package.json contributes the editor tools', () => {
  it("with the MCP tools' descriptions and input schemas", () => {
    const contributed = pkg.contributes.languageModelTools;
    assert.deepEqual(
      contributed.map((t) => t.name),
      [...EDITOR_TOOL_NAMES],
    );
    for (const t of contributed) {
      const mcp = TOOLS.find((x) => x.name === t.name)!;
      assert.equal(t.modelDescription, mcp.description, t.name);
      assert.deepEqual(t.inputSchema, mcp.inputSchema, t.name);
      assert.equal(t.displayName, mcp.title, t.name);
      assert.ok(pkg.activationEvents.includes(`onLanguageModelTool:${t.name}`), t.name);
    }
  });

  it('needs VS Code 1.95, where vscode.lm.registerTool and languageModelTools were finalized, and types to match', () => {
    assert.equal(pkg.engines.vscode, '^1.95.0');
    assert.equal(pkg.devDependencies['@types/vscode'], '^1.95.0');
  });
});

/** The editor's gate as it runs: the server's facts for the call (toolCallGate), then the client's decision. */
const gateToolCall = (tool: string, input: unknown, trusted: boolean) =>
  gateWithFacts(tool, toolCallGate(tool, input), trusted);

describe('lmToolGate: confirmation and Restricted Mode', () => {
  it('a call that reads workspace files runs, trusted or not', () => {
    for (const trusted of [true, false]) {
      assert.equal(gateToolCall('a2a_profile', { source: 'cards/good.agent-card.json' }, trusted).kind, 'run');
      assert.equal(gateToolCall('a2a_check_lockfile', { lockfile: 'a2a-lock.json' }, trusted).kind, 'run');
      assert.equal(gateToolCall('a2a_discover', { source: 'catalogs/ai-catalog.json' }, trusted).kind, 'run');
    }
  });

  it('a call that may reach the network is refused in Restricted Mode, with a message for the model', () => {
    for (const [tool, input] of [
      ['a2a_profile', { source: 'https://agent.example' }],
      ['a2a_how_to_call', { source: ' http://127.0.0.1:1/', skill: 'x' }],
      ['a2a_check_lockfile', { lockfile: 'a2a-lock.json', live: true }],
      ['a2a_discover', { source: 'example.com' }],
      ['a2a_discover', { source: 'https://example.com/.well-known/ai-catalog.json' }],
      ['unknown_tool', {}],
    ] as const) {
      const gate = gateToolCall(tool, input, false);
      assert.equal(gate.kind, 'refuse', tool);
      assert.match((gate as { message: string }).message, /Restricted Mode/);
    }
  });

  it('when the server cannot be asked, a call is gated as one that may reach the network', () => {
    assert.equal(gateWithFacts('a2a_profile', UNKNOWN_CALL, false).kind, 'refuse');
    assert.equal(gateWithFacts('a2a_profile', UNKNOWN_CALL, true).kind, 'confirm');
  });

  it('in a trusted workspace it asks first, naming the target with hidden characters shown', () => {
    const gate = gateToolCall('a2a_profile', { source: 'https://agent.example/\u202e' }, true);
    assert.equal(gate.kind, 'confirm');
    assert.match((gate as { message: string }).message, /will fetch https:\/\/agent\.example\/\\u202e/);
  });
});

describe('the language server answers the editor tools as a2acap mcp does', () => {
  let root: string;
  let agent: PricingAgent;
  let mcp: McpSession;
  let trusted: LspSession;
  let untrusted: LspSession;

  before(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'a2acap-lmtools-')));
    cpSync(join(ROOT, 'examples', 'cards'), join(root, 'cards'), { recursive: true });
    cpSync(join(ROOT, 'examples', 'lockfiles'), join(root, 'lockfiles'), { recursive: true });
    agent = await startPricingAgent();
    [mcp, trusted, untrusted] = await Promise.all([
      startMcp(['--root', root, '--allow-network', 'loopback']),
      startLsp({ workspaceFolders: [root], settings: { workspaceTrusted: true } }),
      startLsp({ workspaceFolders: [root], settings: { workspaceTrusted: false } }),
    ]);
  });
  after(async () => {
    await Promise.all([mcp?.close(), trusted?.stop(), untrusted?.stop()]);
    await agent?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const ask = (lsp: LspSession, tool: string, input: unknown): Promise<LanguageModelToolResult> =>
    lsp.connection.sendRequest(LanguageModelToolRequest.type, { tool, input });

  it('the same JSON for each editor tool on workspace files, trusted or not', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['a2a_profile', { source: 'cards/good.agent-card.json' }],
      ['a2a_how_to_call', { source: 'cards/good.agent-card.json', skill: 'book-trip' }],
      ['a2a_check_lockfile', { lockfile: 'lockfiles/travel.a2a-lock.json' }],
      ['a2a_discover', { source: 'cards/good.agent-card.json' }],
    ];
    for (const [tool, input] of calls) {
      const expected = await callTool(mcp, tool, input);
      assert.equal(expected.isError, false, expected.text);
      for (const lsp of [trusted, untrusted])
        assert.deepEqual(await ask(lsp, tool, input), { ok: true, text: expected.text }, tool);
    }
  });

  it('a URL: answered in a trusted workspace, refused in an untrusted one (no request sent)', async () => {
    const input = { source: agent.url };
    const expected = await callTool(mcp, 'a2a_profile', input);
    assert.deepEqual(await ask(trusted, 'a2a_profile', input), { ok: true, text: expected.text });
    const refused = await ask(untrusted, 'a2a_profile', input);
    assert.equal(refused.ok, false);
    assert.match((refused as { message: string }).message, /^a2a_profile: this workspace is not trusted/);
    const live = await ask(untrusted, 'a2a_check_lockfile', { lockfile: 'lockfiles/travel.a2a-lock.json', live: true });
    assert.match((live as { message: string }).message, /not trusted/);
  });

  it('a URL: a user narrowing a2a.network.allowFromWorkspace narrows the tools too', async (t) => {
    const narrowed = await startLsp({
      workspaceFolders: [root],
      settings: { workspaceTrusted: true, network: { allowFromWorkspace: ['private'] } },
    });
    t.after(() => narrowed.stop());
    const refused = await ask(narrowed, 'a2a_profile', { source: agent.url });
    assert.equal(refused.ok, false, JSON.stringify(refused));
    assert.match((refused as { message: string }).message, /loopback address 127\.0\.0\.1 is not reachable/);
    await narrowed.updateSettings({ workspaceTrusted: true, network: { allowFromWorkspace: ['loopback'] } });
    assert.equal((await ask(narrowed, 'a2a_profile', { source: agent.url })).ok, true);
  });

  it("answers the gate's facts: whether a call may use the network, and its target with hidden characters shown", async () => {
    assert.deepEqual(
      await untrusted.connection.sendRequest(LanguageModelToolGateRequest.type, {
        tool: 'a2a_profile',
        input: { source: 'https://agent.example/\u202e' },
      }),
      { network: true, target: 'https://agent.example/\\u202e' },
    );
    assert.deepEqual(
      await trusted.connection.sendRequest(LanguageModelToolGateRequest.type, {
        tool: 'a2a_check_lockfile',
        input: { lockfile: 'a2a-lock.json' },
      }),
      { network: false, target: 'a2a-lock.json' },
    );
  });

  it('paths outside the workspace folders are refused there too', async () => {
    const refused = await ask(trusted, 'a2a_profile', { source: '../../etc/passwd' });
    assert.equal(refused.ok, false);
    assert.match((refused as { message: string }).message, /outside the roots/);
  });
});
