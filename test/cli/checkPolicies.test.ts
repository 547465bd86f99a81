/**
 * `policies` of .a2a/config.json in `a2acap check`: each lockfile's card (--card or its live agent) is run through
 * the policies of the lockfile's project configuration; a violation is a problem at the lockfile's `/agent`, its
 * message starting with the policy id and naming the card member that decided it, at the level the policy's
 * severity maps to (error → breaking, warning → review, info/hint → note). `ignore` entries for a policy id whose
 * `file` matches the lockfile suppress that problem (counted; SARIF `suppressions`). A policy that does not compile
 * is one usage error naming it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'checkPolicies');
const EXPECTED = JSON.parse(readFileSync(join(FIXTURE, 'violates.check-expected.json'), 'utf8')) as string[][];

interface Item {
  level: string;
  pointer: string;
  message: string;
  justification?: string;
}
interface Report {
  classification: string;
  results: { problems: Item[]; notes: Item[]; suppressed?: Item[] }[];
  summary: { suppressed?: number };
}

function project(t: { after: (fn: () => void) => void }): string {
  const dir = tempDir(t, 'a2a-check-policies-');
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

function config(dir: string): { policies: unknown[]; ignore?: unknown[] } {
  return JSON.parse(readFileSync(join(dir, '.a2a', 'config.json'), 'utf8')) as { policies: unknown[] };
}

function withConfig(dir: string, value: unknown): void {
  writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify(value));
}

function items(report: Report): string[][] {
  const r = report.results[0]!;
  return [...r.problems, ...r.notes].map((i) => [i.level, i.pointer, i.message]);
}

test('check --card: each policy violation is a problem at /agent, its level from the severity', async (t) => {
  const dir = project(t);
  const run = await cli(['check', 'violates.lock.json', '--card', 'violates.agent-card.json'], dir);
  assert.equal(run.stderr, '');
  assert.equal(run.code, 1, 'an error-severity policy is breaking and fails the run');
  const report = JSON.parse(run.stdout) as Report;
  assert.equal(report.classification, 'breaking');
  assert.deepEqual(items(report), EXPECTED);
});

test('check --card: a card that complies has no policy problems', async (t) => {
  const dir = project(t);
  const run = await cli(['check', 'complies.lock.json', '--card', 'complies.agent-card.json', '--format', 'text'], dir);
  assert.equal(run.code, 0);
  assert.equal(
    run.stdout,
    'compatible  complies.lock.json\n\n1 lockfile: 1 compatible, 0 review, 0 breaking, 0 errors\n',
  );
});

test('check --card: warning policies alone are review (exit 0 unless --fail-on review)', async (t) => {
  const dir = project(t);
  const { policies } = config(dir);
  withConfig(dir, { policies: policies.filter((p) => (p as { severity: string }).severity !== 'error') });
  const argv = ['check', 'violates.lock.json', '--card', 'violates.agent-card.json'];
  const run = await cli(argv, dir);
  assert.equal(run.code, 0);
  assert.equal((JSON.parse(run.stdout) as Report).classification, 'review');
  assert.equal((await cli([...argv, '--fail-on', 'review'], dir)).code, 1);
});

test('check: a lockfile under a configuration without policies gets none', async (t) => {
  const dir = project(t);
  withConfig(dir, {});
  const run = await cli(['check', 'violates.lock.json', '--card', 'violates.agent-card.json'], dir);
  assert.equal(run.code, 0);
  assert.deepEqual(items(JSON.parse(run.stdout) as Report), []);
});

test('check: a policy that does not compile is one usage error naming it', async (t) => {
  const dir = project(t);
  withConfig(dir, { policies: [{ id: 'broken', severity: 'error', expression: 'profile.skills.all(', message: 'm' }] });
  const run = await cli(['check', 'violates.lock.json', '--card', 'violates.agent-card.json'], dir);
  assert.equal(run.code, 2);
  assert.equal(run.stdout, '');
  assert.match(
    run.stderr,
    /^a2acap check: \.a2a\/config\.json: not a valid project configuration: \/policies\/0\/expression: policy "broken" does not compile: [^\n]+\n$/,
  );
});

test('check: an ignore entry for a policy and the lockfile suppresses its problem (JSON, text, SARIF)', async (t) => {
  const dir = project(t);
  const reason = 'the plain-HTTP interface is retired next sprint';
  withConfig(dir, {
    ...config(dir),
    ignore: [
      { rule: 'https-only', file: 'violates.lock.json', reason },
      { rule: 'oauth2-pkce', file: 'other.lock.json', reason: 'another lockfile' },
    ],
  });
  const argv = ['check', 'violates.lock.json', '--card', 'violates.agent-card.json'];
  const json = await cli(argv, dir);
  const report = JSON.parse(json.stdout) as Report;
  assert.deepEqual(
    items(report),
    EXPECTED.filter(([, , m]) => !m!.startsWith('https-only:')),
    'only the matching entry suppresses; the other file glob does not cover this lockfile',
  );
  assert.deepEqual(
    report.results[0]!.suppressed!.map((i) => [i.level, i.pointer, i.message, i.justification]),
    [[...EXPECTED[0]!, reason]],
  );
  assert.equal(report.summary.suppressed, 1);
  assert.equal(json.code, 1, 'oauth2-pkce is still breaking');

  const text = await cli([...argv, '--format', 'text'], dir);
  assert.ok(!text.stdout.includes('https-only'), 'a suppressed problem leaves the text output');
  assert.match(text.stdout, /\n1 lockfile: 0 compatible, 0 review, 1 breaking, 0 errors, 1 suppressed\n$/);

  const sarif = JSON.parse((await cli([...argv, '--format', 'sarif'], dir)).stdout) as {
    runs: { results: { message: { text: string }; suppressions?: unknown[] }[] }[];
  };
  const suppressed = sarif.runs[0]!.results.filter((r) => r.suppressions);
  assert.equal(suppressed.length, 1);
  assert.match(suppressed[0]!.message.text, /^https-only: /);
  assert.deepEqual(suppressed[0]!.suppressions, [{ kind: 'external', status: 'accepted', justification: reason }]);
});

test('check: once every breaking policy is suppressed the run passes', async (t) => {
  const dir = project(t);
  withConfig(dir, {
    ...config(dir),
    ignore: ['https-only', 'oauth2-pkce'].map((rule) => ({ rule, file: '*.lock.json', reason: 'accepted' })),
  });
  const run = await cli(['check', 'violates.lock.json', '--card', 'violates.agent-card.json'], dir);
  assert.equal(run.code, 0);
  assert.equal((JSON.parse(run.stdout) as Report).classification, 'review');
});

test('check: an expired ignore entry no longer suppresses, and says so', async (t) => {
  const dir = project(t);
  withConfig(dir, {
    ...config(dir),
    ignore: [{ rule: 'https-only', reason: 'was temporary', until: '2000-01-01' }],
  });
  const run = await cli(['check', 'violates.lock.json', '--card', 'violates.agent-card.json'], dir);
  const report = JSON.parse(run.stdout) as Report;
  assert.equal(report.summary.suppressed, undefined);
  assert.match(
    report.results[0]!.problems[0]!.message,
    /^https-only: .* \(the suppression in .*\/ignore\/0 expired on 2000-01-01\)$/,
  );
});

test('check: the policy message is repository text, escaped in the text output', async (t) => {
  const dir = project(t);
  withConfig(dir, {
    policies: [{ id: 'loud', severity: 'warning', expression: 'false', message: 'x\u001b[2Jy\u202e' }],
  });
  const run = await cli(['check', 'violates.lock.json', '--card', 'violates.agent-card.json', '--format', 'text'], dir);
  assert.ok(!run.stdout.includes('\u001b'), 'no terminal escape reaches the terminal');
  assert.ok(!run.stdout.includes('\u202e'), 'no bidi override reaches the terminal');
  assert.match(run.stdout, /review +\/agent +loud: x/);
});

test('check --live: the policies run on the card the agent serves', async (t) => {
  const dir = project(t);
  const card = readFileSync(join(dir, 'violates.agent-card.json'));
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(card));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`;
  const lock = JSON.parse(readFileSync(join(dir, 'violates.lock.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'live.lock.json'), JSON.stringify({ ...lock, agent: url }));
  const run = await cli(['check', 'live.lock.json', '--live'], dir);
  assert.equal(run.stderr, '');
  assert.equal(run.code, 1);
  assert.deepEqual(items(JSON.parse(run.stdout) as Report), EXPECTED);
});

test('check --since: a policy problem already there at the base revision is pre-existing and passes', async (t) => {
  const dir = project(t);
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  const run = await cli(['check', 'violates.lock.json', '--card', 'violates.agent-card.json', '--since', 'HEAD'], dir);
  assert.equal(run.code, 0);
  const problems = (JSON.parse(run.stdout) as Report).results[0]!.problems as (Item & { preexisting?: true })[];
  assert.ok(problems.length > 0 && problems.every((p) => p.preexisting === true));
});
