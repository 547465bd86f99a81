/**
 * The Action with another a2acap (`cli` or `package`), which may predate `check --since` and `--approved-by`: the
 * defaults the Action derives from the event payload (the pull request's base commit, the default approval label)
 * are passed only to the bundled CLI; inputs the user set are passed to any. The `cli` input points at a stand-in
 * that rejects those flags as an older CLI does (exit 2) and otherwise runs the bundled CLI, against the example
 * agent on loopback, in a real git workspace whose base commit is in the checkout.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { tempDir } from '../cli/helpers';
import { REPO, runAction } from './runAction';

const OLDER_CLI = join(__dirname, 'fixtures', 'older-cli.mjs');

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent({ port: 0 });
  agent.setVersion('no-streaming');
});
after(() => agent.close());

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

/** A git workspace with one breaking lockfile committed as the base, and a payload of a labelled pull request. */
function setup(t: { after: (fn: () => void) => void }) {
  const root = tempDir(t, 'a2a-action-older-');
  const workspace = join(root, 'work');
  const runnerTemp = join(root, 'runner-temp');
  mkdirSync(join(workspace, 'locks'), { recursive: true });
  mkdirSync(runnerTemp);
  const lock = JSON.parse(readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8')) as object;
  writeFileSync(join(workspace, 'locks', 'pricing.a2a-lock.json'), JSON.stringify({ ...lock, agent: agent.cardUrl }));
  git(workspace, 'init', '-q');
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-q', '-m', 'base');
  const base = git(workspace, 'rev-parse', 'HEAD');
  const event = join(root, 'event.json');
  writeFileSync(
    event,
    JSON.stringify({
      pull_request: { number: 7, labels: [{ name: 'approved-breaking-change' }], base: { sha: base } },
    }),
  );
  const run = (inputs: Record<string, string>) =>
    runAction(
      workspace,
      runnerTemp,
      { lockfiles: 'locks/*.a2a-lock.json', 'allow-network': 'loopback', ...inputs },
      { GITHUB_EVENT_PATH: event },
    );
  return { run, base };
}

describe('the Action with an a2acap other than the bundled one', () => {
  it('passes neither the payload base nor the default approval label to it', async (t) => {
    const { run } = setup(t);
    const r = await run({ cli: OLDER_CLI });
    // A result (breaking, not approved), not "could not run": the older CLI was called only with flags it knows.
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['exit-code'], '1');
    assert.doesNotMatch(r.log, /unknown flag/);
    assert.match(r.log, /^since: the pull request's base is not passed to cli .*set the since input/m);
    assert.match(r.log, /^approval: not passed to cli .*set the approval-label input/m);
    assert.doesNotMatch(r.log, /^approved:/m);
    assert.doesNotMatch(r.log, /To approve these breaking changes/);
  });

  it('passes since and approval-label when the user set them', async (t) => {
    const { run, base } = setup(t);
    const since = await run({ cli: OLDER_CLI, since: base });
    assert.equal(since.code, 2, since.log);
    assert.match(since.log, /unknown flag --since/);
    const approval = await run({ cli: OLDER_CLI, 'approval-label': 'approved-breaking-change' });
    assert.equal(approval.code, 2, approval.log);
    assert.match(approval.log, /unknown flag --approved-by/);
  });

  it('the bundled CLI still takes both from the payload', async (t) => {
    const { run, base } = setup(t);
    const r = await run({});
    assert.equal(r.code, 0, r.log);
    assert.match(r.log, new RegExp(`^since: problems already there at ${base} `, 'm'));
    assert.match(r.log, /^approved: the pull request carries the label "approved-breaking-change"/m);
  });
});
