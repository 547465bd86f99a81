/**
 * What an MCP host reads from tools/list before any call: every tool has a title, the four behaviour hints of the
 * MCP spec (a host asks before a call that writes or reaches the network) and an outputSchema a strict JSON Schema
 * validator accepts. Each call's structuredContent is checked against that schema by test/mcp/helpers.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { startMcp, type McpSession } from './helpers';

/** name → [readOnly, destructive, idempotent, openWorld]: only a2a_pin writes; only a2a_lockfiles stays local. */
const HINTS: Record<string, [boolean, boolean, boolean, boolean]> = {
  a2a_profile: [true, false, true, true],
  a2a_how_to_call: [true, false, true, true],
  a2a_check_lockfile: [true, false, true, true],
  a2a_lockfiles: [true, false, true, false],
  a2a_pin: [false, true, true, true],
  a2a_discover: [true, false, true, true],
};

let root: string;
let mcp: McpSession;

before(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'a2acap-mcp-contract-')));
  mcp = await startMcp(['--root', root]);
});
after(async () => {
  await mcp?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a2acap mcp: tools/list', () => {
  it('gives every tool a title and the four hints', async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(HINTS).sort());
    for (const tool of tools) {
      const a = tool.annotations;
      assert.ok(tool.title && a?.title === tool.title, `${tool.name}: a title`);
      assert.deepEqual(
        [a?.readOnlyHint, a?.destructiveHint, a?.idempotentHint, a?.openWorldHint],
        HINTS[tool.name],
        tool.name,
      );
    }
  });

  it('gives every tool an object outputSchema that compiles under strict Ajv', async () => {
    const { tools } = await mcp.client.listTools();
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    for (const tool of tools) {
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
      assert.doesNotThrow(() => ajv.compile(tool.outputSchema ?? {}), tool.name);
      assert.ok((tool.outputSchema?.required ?? []).length > 0, `${tool.name}: required members`);
    }
  });
});
