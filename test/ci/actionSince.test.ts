/**
 * The Action's `since`: by default the pull request's base commit from the event payload. Lockfiles that were
 * already breaking there are reported as pre-existing and pass; a lockfile the pull request added fails. A real git
 * repository (two commits) as the workspace, the example agent on loopback.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { tempDir } from '../cli/helpers';
import { REPO, runAction } from './runAction';

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

describe('the Action compares with the pull request base', () => {
  it('passes what was already breaking at the base, fails what the pull request added', async (t) => {
    const root = tempDir(t, 'a2a-action-since-');
    const workspace = join(root, 'work');
    const runnerTemp = join(root, 'runner-temp');
    mkdirSync(join(workspace, 'locks'), { recursive: true });
    mkdirSync(runnerTemp);
    const lock = JSON.stringify({
      ...(JSON.parse(readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8')) as object),
      agent: agent.cardUrl,
    });
    git(workspace, 'init', '-q');
    writeFileSync(join(workspace, 'locks', 'a.a2a-lock.json'), lock);
    git(workspace, 'add', '-A');
    git(workspace, 'commit', '-q', '-m', 'base');
    const base = git(workspace, 'rev-parse', 'HEAD');
    const event = join(root, 'event.json');
    writeFileSync(event, JSON.stringify({ pull_request: { labels: [], base: { sha: base } } }));
    const run = (inputs: Record<string, string> = {}) =>
      runAction(
        workspace,
        runnerTemp,
        { lockfiles: 'locks/*.a2a-lock.json', 'allow-network': 'loopback', ...inputs },
        { GITHUB_EVENT_PATH: event },
      );

    const same = await run();
    assert.equal(same.code, 0, same.log);
    assert.match(same.log, new RegExp(`^since: problems already there at ${base} are reported as pre-existing`, 'm'));
    assert.match(same.log, /\(passing: 1 pre-existing\)$/m);
    assert.match(same.summary, /breaking \(pre-existing\)/);

    writeFileSync(join(workspace, 'locks', 'b.a2a-lock.json'), lock);
    git(workspace, 'add', '-A');
    git(workspace, 'commit', '-q', '-m', 'head');
    const added = await run();
    assert.equal(added.code, 1, added.log);
    assert.match(added.log, /^::error file=locks\/b\.a2a-lock\.json,.*title=lockfile-breaking::/m);
    assert.match(
      added.log,
      /^::warning file=locks\/a\.a2a-lock\.json,.*\(pre-existing: already so at the base revision\)$/m,
    );

    // The `since` input wins over the payload; a base commit the checkout lacks is a warning, not a failure to run.
    const explicit = await run({ since: 'HEAD' });
    assert.equal(explicit.code, 0, explicit.log);
    writeFileSync(event, JSON.stringify({ pull_request: { labels: [], base: { sha: 'f'.repeat(40) } } }));
    const shallow = await run();
    assert.equal(shallow.code, 1, shallow.log);
    assert.match(shallow.log, /^::warning::the pull request's base commit f{40} is not in the checkout/m);
    writeFileSync(event, JSON.stringify({ pull_request: { labels: [], base: { sha: '--output=out.sarif' } } }));
    const hostile = await run();
    assert.equal(hostile.code, 1, hostile.log);
    assert.doesNotMatch(hostile.log, /^since:/m);
  });
});
