/**
 * URLs from tool arguments reach public addresses only unless the server was launched with the allowance; link-local
 * and metadata addresses never, whatever it allows. Run inside a loopback-only network namespace (scripts/test.mjs),
 * so nothing could leave even if the policy were broken.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTool, startMcp, type McpSession } from './helpers';

let root: string;
let plain: McpSession;
let allowing: McpSession;

before(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'a2acap-mcp-netns-')));
  [plain, allowing] = await Promise.all([
    startMcp(['--root', root]),
    startMcp(['--root', root, '--allow-network', 'loopback,private']),
  ]);
});
after(async () => {
  await Promise.all([plain?.close(), allowing?.close()]);
  rmSync(root, { recursive: true, force: true });
});

describe('a2acap mcp: private and metadata URLs', () => {
  for (const url of ['http://10.1.2.3/', 'http://192.168.7.7/.well-known/agent-card.json', 'http://[fd00::1]/']) {
    it(`refuses ${url} without --allow-network private`, async () => {
      for (const [tool, args] of [
        ['a2a_profile', { source: url }],
        ['a2a_how_to_call', { source: url, skill: 'x' }],
        ['a2a_pin', { source: url, skills: ['x'] }],
      ] as const) {
        const answer = await callTool(plain, tool, args);
        assert.equal(answer.isError, true, tool);
        assert.match(answer.text, /private address .* is not reachable .* unless the run allows it/, tool);
      }
    });
  }

  it('passes a private address with the allowance (it then fails to connect: this namespace has only loopback)', async () => {
    const answer = await callTool(allowing, 'a2a_profile', { source: 'http://10.1.2.3/' });
    assert.equal(answer.isError, true);
    assert.doesNotMatch(answer.text, /not reachable .* unless the run allows it|never allowed/);
  });

  for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/', 'http://0.0.0.0/']) {
    it(`refuses ${url} even with --allow-network loopback,private`, async () => {
      const answer = await callTool(allowing, 'a2a_profile', { source: url });
      assert.equal(answer.isError, true);
      assert.match(answer.text, /is never allowed/);
    });
  }
});
