/**
 * A credential written into a card (what secrets-in-card finds) never reaches a model through the MCP tools: the
 * card's name, description and skill text come back inside `untrusted` with every run of eight or more of its
 * characters taken out, from a2a_profile, a2a_how_to_call and a2a_discover alike.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { secretRunsIn } from '../secretLeak';
import { callTool, startMcp, type McpSession } from './helpers';

// Shapes of real providers' tokens, made up here (Hugging Face, GitLab).
const SECRETS = ['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', 'glpat-Zx8kPq2LmN4vR7tY1wE3'];

let root: string;
let mcp: McpSession;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'a2a-mcp-card-secrets-'));
  const base = pricingCard('https://p.example.test', 'base');
  const card = {
    ...base,
    name: SECRETS[0],
    description: `Quotes prices. Token: ${SECRETS[1]}`,
    skills: base.skills.map((s) => ({ ...s, description: `Uses ${SECRETS[0]} upstream.` })),
  };
  writeFileSync(join(root, 'agent-card.json'), JSON.stringify(card));
  const entry = { identifier: 'urn:air:example.test:p', version: '1.0.0', type: 'application/a2a-agent-card+json' };
  writeFileSync(
    join(root, 'ai-catalog.json'),
    JSON.stringify({ specVersion: '1.0', entries: [{ ...entry, data: card }] }),
  );
  mcp = await startMcp(['--root', root]);
});
after(async () => {
  await mcp.close();
  rmSync(root, { recursive: true, force: true });
});

for (const [tool, args] of [
  ['a2a_profile', { source: 'agent-card.json' }],
  ['a2a_how_to_call', { source: 'agent-card.json', skill: 'itinerary-pricing' }],
  ['a2a_discover', { source: 'ai-catalog.json' }],
] as const)
  test(`${tool}: the card's credentials are not repeated`, async () => {
    const answer = await callTool(mcp, tool, args);
    assert.equal(answer.isError, false, answer.text);
    const seen = `${answer.text}\n${answer.untrusted ?? ''}`;
    assert.deepEqual(secretRunsIn(seen, SECRETS), [], seen);
    assert.match(seen, /\[redacted\]/);
  });
