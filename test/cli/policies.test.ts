/**
 * `policies` in .a2a/config.json through the CLI: each policy a CEL expression over the compiled profile and the
 * card; a violation is a finding with the policy's id, severity and message at the member that decided it; a
 * policy that does not compile is one usage error naming it; the message (repository text) is escaped in text.
 * The fixture's policies are the examples of docs/policies.md.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';

const FIXTURE = join(__dirname, '..', 'fixtures', 'policies');
const POLICY_IDS = new Set(['https-only', 'oauth2-pkce', 'no-x-media-types', 'streaming-required']);

function project(t: { after: (fn: () => void) => void }): string {
  const dir = tempDir(t, 'a2a-policies-');
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

async function policyFindings(dir: string, card: string): Promise<string[][]> {
  const run = await cli(['lint', card, '--format', 'json'], dir);
  assert.equal(run.stderr, '');
  const out = JSON.parse(run.stdout) as { findings: { code: string; severity: string; pointer: string }[] };
  return out.findings.filter((f) => POLICY_IDS.has(f.code)).map((f) => [f.code, f.severity, f.pointer]);
}

test('policies: a card that complies with every policy has no policy findings', async (t) => {
  assert.deepEqual(await policyFindings(project(t), 'complies.agent-card.json'), []);
});

test('policies: each violation is a finding with the policy id and severity, at the member that decided it', async (t) => {
  const expected = JSON.parse(readFileSync(join(FIXTURE, 'violates.expected.json'), 'utf8')) as string[][];
  const dir = project(t);
  assert.deepEqual(await policyFindings(dir, 'violates.agent-card.json'), expected);
  const run = await cli(['lint', 'violates.agent-card.json'], dir);
  assert.equal(run.code, 1, 'error-severity policies fail the run');
  assert.match(run.stdout, /error +https-only +Every interface must be served over HTTPS\./);
});

function withPolicies(dir: string, policies: unknown[]): void {
  writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify({ policies }));
}

test('policies: one that does not compile is one usage error naming it', async (t) => {
  const dir = project(t);
  withPolicies(dir, [{ id: 'broken', severity: 'error', expression: 'profile.skills.all(', message: 'm' }]);
  const run = await cli(['lint', 'complies.agent-card.json'], dir);
  assert.equal(run.code, 2);
  assert.equal(run.stdout, '');
  assert.match(
    run.stderr,
    /^a2acap lint: \.a2a\/config\.json: not a valid project configuration: \/policies\/0\/expression: policy "broken" does not compile: [^\n]+\n$/,
  );
});

test('policies: a regular expression (matches) is refused, naming the policy', async (t) => {
  const dir = project(t);
  withPolicies(dir, [{ id: 'redos', severity: 'error', expression: 'card.name.matches("(a+)+$")', message: 'm' }]);
  const run = await cli(['lint', 'complies.agent-card.json'], dir);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /\/policies\/0\/expression: policy "redos" does not compile: matches\(\) is not available/);
});

test('policies: the message is repository text, escaped in the text output', async (t) => {
  const dir = project(t);
  withPolicies(dir, [
    { id: 'no-streaming', severity: 'warning', expression: 'false', message: 'bad\u001b[2Jcard\u202e' },
  ]);
  const run = await cli(['lint', 'complies.agent-card.json'], dir);
  assert.ok(!run.stdout.includes('\u001b'), 'no terminal escape reaches the terminal');
  assert.ok(!run.stdout.includes('\u202e'), 'no bidi override reaches the terminal');
  assert.match(run.stdout, /no-streaming/);
});

test('policies: an expression that fails on a card is a finding saying why, never a pass', async (t) => {
  const dir = project(t);
  withPolicies(dir, [{ id: 'needs-x', severity: 'error', expression: 'card.x == 1', message: 'x must be 1' }]);
  const run = await cli(['lint', 'complies.agent-card.json', '--format', 'json'], dir);
  const finding = (JSON.parse(run.stdout) as { findings: { code: string; message: string }[] }).findings.find(
    (f) => f.code === 'needs-x',
  );
  assert.ok(finding);
  assert.match(finding.message, /^x must be 1 \(the policy could not decide: /);
});

test('policies: an ignore entry can accept a policy finding by its id', async (t) => {
  const dir = project(t);
  const config = JSON.parse(readFileSync(join(dir, '.a2a', 'config.json'), 'utf8'));
  config.ignore = [{ rule: 'streaming-required', file: 'violates.agent-card.json', reason: 'batch-only agent' }];
  writeFileSync(join(dir, '.a2a', 'config.json'), JSON.stringify(config));
  const codes = (await policyFindings(dir, 'violates.agent-card.json')).map(([code]) => code);
  assert.ok(!codes.includes('streaming-required'));
  assert.ok(codes.includes('https-only'));
});
