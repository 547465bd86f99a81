/**
 * The pin workflow's `agent` field, which every front end (the CLI, the MCP tool, the editor's pin command) records
 * through app/pin.ts: a URL never keeps its userinfo; a card file is relative to the lockfile, with forward slashes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { agentField } from '../../server/src/app/pin';

test('agentField: a URL without its userinfo, whoever pins', () => {
  assert.equal(
    agentField('https://bob:hunter2@agent.example/.well-known/agent-card.json', '/repo/a2a-lock.json', '/repo'),
    'https://agent.example/.well-known/agent-card.json',
  );
  assert.equal(
    agentField('https://token@agent.example/card.json', undefined, '/repo'),
    'https://agent.example/card.json',
  );
});

test('agentField: a card file relative to the lockfile, else to the base folder', () => {
  const root = join('/', 'repo');
  assert.equal(
    agentField(join(root, 'cards', 'agent-card.json'), join(root, 'wf', 'a2a-lock.json'), root),
    '../cards/agent-card.json',
  );
  assert.equal(agentField(join(root, 'cards', 'agent-card.json'), undefined, root), 'cards/agent-card.json');
});
