/**
 * a2a_check_lockfile when the card a lockfile pins cannot be used: the error names the card as the results name it
 * (relative to the first root), never by the absolute path the check read it from, whichever root holds it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTool, startMcp, type McpSession } from './helpers';

let top: string;
let mcp: McpSession;

before(async () => {
  top = mkdtempSync(join(tmpdir(), 'a2a-mcp-check-paths-'));
  for (const root of ['first', 'second']) {
    mkdirSync(join(top, root, 'agents'), { recursive: true });
    // A card the schema refuses: the check stops at the card, with a message that names it.
    writeFileSync(join(top, root, 'agents', 'agent-card.json'), JSON.stringify({ name: 'Broken', skills: [] }));
    writeFileSync(
      join(top, root, 'agents', 'a2a-lock.json'),
      JSON.stringify({
        agent: 'agent-card.json',
        pinned_at: '2026-10-02T10:00:00Z',
        card_digest: 'sha256:0000000000000000000000000000000000000000000000000000000000000000',
        requires: { skills: { x: {} } },
      }),
    );
  }
  mcp = await startMcp(['--root', join(top, 'first'), '--root', join(top, 'second')]);
});
after(async () => {
  await mcp.close();
  rmSync(top, { recursive: true, force: true });
});

for (const [root, shown] of [
  ['first', 'agents/agent-card.json'],
  ['second', '../second/agents/agent-card.json'],
] as const)
  test(`a card in the ${root} root: named relative to the first root`, async () => {
    const lockfile = root === 'first' ? 'agents/a2a-lock.json' : join(top, 'second', 'agents', 'a2a-lock.json');
    const answer = await callTool(mcp, 'a2a_check_lockfile', { lockfile });
    assert.equal(answer.isError, false, answer.text);
    const report = JSON.parse(answer.text) as { results: { error?: string }[] };
    const error = report.results[0]?.error ?? '';
    assert.ok(error.startsWith(`${shown}: `), error);
    assert.ok(!answer.text.includes(top), `no absolute path in: ${answer.text}`);
  });
