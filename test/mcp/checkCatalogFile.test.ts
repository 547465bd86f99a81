/**
 * a2a_check_lockfile on a lockfile pinned through a catalog FILE (`found_via.catalog` a path relative to the
 * lockfile), through the MCP server over stdio: read when the catalog resolves (symlinks resolved) inside the root
 * that holds the lockfile, and checked as `a2acap check` checks it; refused otherwise (`..` out of the root, a
 * symbolic link out, another root, an absolute path), with a message that names neither the target nor an absolute
 * path, and nothing of the outside file (a secret planted there) in any answer.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pricingCard } from '../../examples/pricing-agent/cards';
import { cli } from '../cli/helpers';
import { callTool, startMcp, type McpSession } from './helpers';

const IDENTIFIER = 'urn:air:example.test:pricing';
const SECRET = 'OUTSIDE-SECRET-7f3a';
const A2A = 'application/a2a-agent-card+json';

let top: string;
let root: string;
let other: string;
let mcp: McpSession;

function catalogWith(card: unknown): string {
  return JSON.stringify({
    specVersion: '1.0',
    entries: [{ identifier: IDENTIFIER, version: '1.0.0', type: A2A, data: card }],
  });
}

before(async () => {
  top = mkdtempSync(join(tmpdir(), 'a2a-mcp-catalog-file-'));
  root = join(top, 'root');
  other = join(top, 'other');
  for (const d of [join(root, '.git'), join(root, 'catalogs'), join(root, 'locks'), join(top, 'outside'), other])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(root, 'catalogs', 'ai-catalog.json'), catalogWith(pricingCard('https://p.example.test', 'base')));
  // The outside catalog lists the same entry with a secret in its card: what an attacker wants read back.
  const secretCard = { ...pricingCard('https://p.example.test', 'base'), description: SECRET };
  for (const dir of [join(top, 'outside'), other]) writeFileSync(join(dir, 'ai-catalog.json'), catalogWith(secretCard));
  symlinkSync(join(top, 'outside', 'ai-catalog.json'), join(root, 'catalogs', 'link.ai-catalog.json'));
  const pinned = await cli(
    [
      'pin',
      `catalogs/ai-catalog.json#${IDENTIFIER}@1.0.0`,
      '--skill',
      'itinerary-pricing',
      '--out',
      'locks/a2a-lock.json',
    ],
    root,
  );
  assert.equal(pinned.code, 0, pinned.stderr);
  mcp = await startMcp(['--root', root, '--root', other]);
});
after(async () => {
  await mcp.close();
  rmSync(top, { recursive: true, force: true });
});

const pinnedLock = () =>
  JSON.parse(readFileSync(join(root, 'locks', 'a2a-lock.json'), 'utf8')) as Record<string, unknown>;

describe('a2a_check_lockfile through a catalog file', () => {
  test('inside the root that holds the lockfile: read and checked', async () => {
    assert.deepEqual(pinnedLock().found_via, {
      catalog: '../catalogs/ai-catalog.json',
      identifier: IDENTIFIER,
      version: '1.0.0',
    });
    const answer = await callTool(mcp, 'a2a_check_lockfile', { lockfile: 'locks/a2a-lock.json' });
    assert.equal(answer.isError, false, answer.text);
    const report = JSON.parse(answer.text) as { results: { classification?: string; error?: string }[] };
    assert.equal(report.results[0]!.classification, 'compatible', answer.text);
  });

  const attacks: { name: string; catalog: () => string }[] = [
    { name: 'a relative path up and out of the root', catalog: () => '../../outside/ai-catalog.json' },
    { name: 'a symbolic link out of the root', catalog: () => '../catalogs/link.ai-catalog.json' },
    { name: 'a path into another root', catalog: () => '../../other/ai-catalog.json' },
    { name: 'an absolute path', catalog: () => join(top, 'outside', 'ai-catalog.json') },
  ];
  for (const attack of attacks)
    test(`refused: ${attack.name}`, async () => {
      const name = `evil-${attack.name.replace(/\W+/g, '-')}.a2a-lock.json`;
      const foundVia = { catalog: attack.catalog(), identifier: IDENTIFIER, version: '1.0.0' };
      writeFileSync(
        join(root, 'locks', name),
        JSON.stringify({ ...pinnedLock(), agent: `${foundVia.catalog}#${IDENTIFIER}@1.0.0`, found_via: foundVia }),
      );
      const answer = await callTool(mcp, 'a2a_check_lockfile', { lockfile: `locks/${name}` });
      const seen = `${answer.text}\n${answer.untrusted ?? ''}\n${mcp.stderr()}`;
      if (!answer.isError) {
        const report = JSON.parse(answer.text) as { classification: string; results: { error?: string }[] };
        assert.equal(report.classification, 'error', answer.text);
        assert.ok(report.results[0]!.error, answer.text);
      }
      assert.match(seen, /outside the repository|must be the http\(s\) URL of the catalog/);
      assert.ok(!seen.includes(SECRET), seen);
      assert.ok(!seen.includes(top), `no absolute path in: ${seen}`);
    });
});
