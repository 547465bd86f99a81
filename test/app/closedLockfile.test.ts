/**
 * A lockfile that is not open gets its check against the card it pins, however many skills it pins: a check long
 * enough to pause (core/lockfile/check.ts SKILLS_PER_STEP) is abandoned only when the lockfile is opened meanwhile.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { lockfileDiagnostics } from '../../server/src/app/document/lockfileDiagnostics';
import { normalizeSettings } from '../../server/src/app/document/settings';
import { createDocumentWorld } from '../../server/src/app/document/world';
import { SKILLS_PER_STEP } from '../../server/src/core/lockfile/check';
import { nodeFiles } from '../../server/src/node/nodeFiles';

function workspace(skills: number): { dir: string; lockUri: string } {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-closed-lock-'));
  const ids = Array.from({ length: skills }, (_, i) => `skill-${i}`);
  const card = {
    name: 'Wide',
    description: 'Many skills.',
    version: '1.0.0',
    supportedInterfaces: [{ url: 'https://wide.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['application/json'],
    skills: ids.map((id) => ({ id, name: id, description: `Does ${id}.`, tags: ['t'] })),
  };
  const lock = {
    agent: '../cards/wide.json',
    pinned_at: '2026-11-01T00:00:00Z',
    card_digest: `sha256:${'0'.repeat(64)}`,
    interface: { binding: 'JSONRPC', version: '1.0' },
    requires: {
      streaming: true,
      push: true,
      skills: Object.fromEntries(ids.map((id) => [id, { input: ['text/plain'], output: ['application/json'] }])),
    },
  };
  mkdirSync(join(dir, 'cards'));
  mkdirSync(join(dir, 'planner'));
  writeFileSync(join(dir, 'cards', 'wide.json'), JSON.stringify(card, null, 2));
  const lockPath = join(dir, 'planner', 'a2a-lock.json');
  writeFileSync(lockPath, JSON.stringify(lock, null, 2));
  return { dir, lockUri: pathToFileURL(lockPath).href };
}

function closedWorld(dir: string, opened: () => boolean = () => false) {
  const settings = normalizeSettings({ workspaceTrusted: true });
  return createDocumentWorld({
    document: () => (opened() ? ({ version: 1 } as never) : undefined),
    openUris: () => [],
    settings: async () => settings,
    analysis: async () => undefined,
    openAnalyses: async () => [],
    workspaceFolders: () => [dir],
    files: nodeFiles,
  });
}

for (const skills of [3, SKILLS_PER_STEP * 2 + 1]) {
  test(`a closed lockfile pinning ${skills} skills is checked to the end`, async (t) => {
    const { dir, lockUri } = workspace(skills);
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const diagnostics = await lockfileDiagnostics(closedWorld(dir), { uri: lockUri });
    assert.ok(diagnostics, 'diagnostics for the closed lockfile');
    const breaking = diagnostics.filter((d) => d.code === 'lockfile-breaking');
    assert.deepEqual(
      breaking.map((d) => (d.data as { pointer: string }).pointer),
      ['/requires/push'],
    );
  });
}

test('a closed lockfile opened while its long check runs publishes nothing (the open document owns it)', async (t) => {
  const { dir, lockUri } = workspace(SKILLS_PER_STEP * 2 + 1);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  let checks = 0;
  // Closed when the request starts, open from the first pause on.
  const world = closedWorld(dir, () => ++checks > 1);
  const outcome = await lockfileDiagnostics(world, { uri: lockUri }).catch((e: Error) => e.name);
  assert.ok(outcome === undefined || outcome === 'Abandoned', String(outcome));
});
