/** A card with over a million problems: the real server publishes the capped diagnostics and the summary. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startLsp, type LspSession } from './harness';
import { emptySkillsCard, EMPTY_SKILLS_UNDER_1MIB } from '../wideCard';

let s: LspSession;

before(async () => {
  s = await startLsp();
});
after(async () => {
  await s.stop();
});

test('340,000 empty skills: 100 schema diagnostics and the left-out summary are published', async () => {
  const uri = 'file:///ws/wide/agent-card.json';
  await s.open(uri, 'a2a-agent-card', emptySkillsCard(EMPTY_SKILLS_UNDER_1MIB));
  // Generous (a shared machine): unbounded, the server never published at all.
  const got = await s.diagnostics(uri, 60_000);
  assert.equal(got.filter((d) => d.code === 'schema').length, 100);
  const summary = got.filter((d) => d.code === 'findings-left-out');
  assert.equal(summary.length, 1);
  assert.match(String(summary[0]!.message), /^Up to 1359900 more findings were left out \(schema 1359900\)/);
  assert.deepEqual(summary[0]!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  assert.equal(s.stderr(), '');
});
