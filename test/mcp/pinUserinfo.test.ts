/**
 * a2a_pin with a card URL that carries userinfo: the password never reaches the answer (nor a lockfile). The tools'
 * HTTP client refuses such a URL before anything is sent; the lockfile's agent field drops userinfo as well
 * (app/pin.ts, test/app/pin.test.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTool, startMcp, type McpSession } from './helpers';

const PASSWORD = 'mcp-pin-userinfo-s3cret';
let root: string;
let mcp: McpSession;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'a2a-mcp-pin-userinfo-'));
  mcp = await startMcp(['--root', root, '--allow-network', 'loopback']);
});
after(async () => {
  await mcp.close();
  rmSync(root, { recursive: true, force: true });
});

test('a2a_pin of a URL with userinfo: a tool error that never shows the password; nothing written', async () => {
  for (const write of [false, true]) {
    const answer = await callTool(mcp, 'a2a_pin', {
      source: `http://alice:${PASSWORD}@127.0.0.1:9/.well-known/agent-card.json`,
      skills: ['quote'],
      ...(write ? { write: true, lockfile: 'a2a-lock.json' } : {}),
    });
    assert.equal(answer.isError, true, answer.text);
    assert.doesNotMatch(`${answer.text}${answer.untrusted ?? ''}${mcp.stderr()}`, new RegExp(PASSWORD));
  }
  assert.equal(existsSync(join(root, 'a2a-lock.json')), false);
});
