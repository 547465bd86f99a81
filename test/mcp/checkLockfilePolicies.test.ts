/**
 * a2a_check_lockfile under the lockfile's project configuration, over stdio: the policies of the nearest
 * .a2a/config.json judge the card the lockfile pins, and the answer is what `a2acap check --live --format json`
 * prints for it (policy problems, `ignore` entries, classification); a policy that does not compile is one clear
 * tool error; a configuration above the roots is not read.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callJson, callTool, runCliSpawned, startMcp, type McpSession } from './helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'checkPolicies');
const LOCK = 'violates.lock.json';
const dirs: string[] = [];
const sessions: McpSession[] = [];

after(async () => {
  for (const s of sessions) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A repository holding the fixture (under `sub`, when given), its configuration changed by `config`. */
function repository(config?: (c: Record<string, unknown>) => void, sub = ''): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'a2acap-mcp-policies-')));
  dirs.push(dir);
  mkdirSync(join(dir, '.git'));
  cpSync(FIXTURE, join(dir, sub), { recursive: true });
  if (config) {
    const path = join(dir, sub, '.a2a', 'config.json');
    const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    config(value);
    writeFileSync(path, JSON.stringify(value, null, 2));
  }
  return dir;
}

async function mcpAt(root: string): Promise<McpSession> {
  const session = await startMcp(['--root', root]);
  sessions.push(session);
  return session;
}

async function checkJson(cwd: string): Promise<unknown> {
  const r = await runCliSpawned(['check', LOCK, '--live', '--format', 'json'], cwd);
  return JSON.parse(r.stdout);
}

type Report = {
  classification: string;
  problems: { message: string }[];
  results: { suppressed?: { message: string; justification: string }[] }[];
};

test('a2a_check_lockfile: the policy problems `check` reports, with the same answer', async () => {
  const root = repository();
  const got = await callJson<Report>(await mcpAt(root), 'a2a_check_lockfile', { lockfile: LOCK });
  assert.equal(got.classification, 'breaking');
  assert.ok(
    got.problems.some((p) => p.message.startsWith('https-only: ')),
    JSON.stringify(got),
  );
  assert.deepEqual(got, await checkJson(root));
});

test('a2a_check_lockfile: an ignore entry for a policy id accepts its problem, as in check', async () => {
  const root = repository((c) => {
    c.ignore = [{ rule: 'https-only', file: LOCK, reason: 'the staging interface stays on http' }];
  });
  const got = await callJson<Report>(await mcpAt(root), 'a2a_check_lockfile', { lockfile: LOCK });
  assert.ok(!got.problems.some((p) => p.message.startsWith('https-only: ')));
  assert.deepEqual(
    got.results[0]?.suppressed?.map((s) => [s.message.split(':')[0], s.justification]),
    [['https-only', 'the staging interface stays on http']],
  );
  assert.deepEqual(got, await checkJson(root));
});

test('a2a_check_lockfile: a policy that does not compile is one clear error, and the server goes on', async () => {
  const root = repository((c) => {
    c.policies = [{ id: 'broken-policy', severity: 'error', message: 'never runs', expression: 'profile.(' }];
  });
  const mcp = await mcpAt(root);
  const answer = await callTool(mcp, 'a2a_check_lockfile', { lockfile: LOCK });
  assert.equal(answer.isError, true);
  assert.match(
    answer.text,
    /^a2a_check_lockfile: \.a2a\/config\.json: not a valid project configuration: \/policies\/0\/expression: policy "broken-policy" does not compile: .*; the lockfile is not checked without it$/,
  );
  assert.doesNotMatch(answer.text, /\n|at .*\.js:/);
  assert.equal((await mcp.client.listTools()).tools.length, 6);
});

test('a2a_check_lockfile: a configuration above the roots is not read', async () => {
  const dir = repository(undefined, 'outer');
  const inner = join(dir, 'outer', 'inner');
  mkdirSync(inner);
  for (const f of [LOCK, 'violates.agent-card.json']) cpSync(join(dir, 'outer', f), join(inner, f));
  const got = await callJson<Report>(await mcpAt(inner), 'a2a_check_lockfile', { lockfile: LOCK });
  assert.ok(!got.problems.some((p) => p.message.includes('(decided by ')), JSON.stringify(got));
});
