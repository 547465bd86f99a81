/**
 * The approval label: the Action reads the pull request's labels from the event payload (GITHUB_EVENT_PATH), and
 * with the approval label breaking results pass, reported as approved in the log, the job summary and SARIF;
 * without it the check fails and the summary names the label that approves. Run as the runner runs the action
 * (test/ci/runAction.ts) with its bundled CLI (action/dist) against the example agent on loopback.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { tempDir } from '../cli/helpers';
import { field } from '../at';
import { REPO, runAction } from './runAction';

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent({ port: 0 });
  agent.setVersion('no-streaming');
});
after(() => agent.close());

interface Sarif {
  runs: { results: { ruleId: string; level: string; properties?: Record<string, unknown> }[] }[];
}

/** A workspace with one lockfile pinning the loopback agent (now without streaming: breaking), and a payload writer. */
function setup(t: { after: (fn: () => void) => void }) {
  const root = tempDir(t, 'a2a-action-approval-');
  const workspace = join(root, 'work');
  const runnerTemp = join(root, 'runner-temp');
  mkdirSync(join(workspace, 'locks'), { recursive: true });
  mkdirSync(runnerTemp);
  const lock = JSON.parse(readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8')) as object;
  writeFileSync(join(workspace, 'locks', 'pricing.a2a-lock.json'), JSON.stringify({ ...lock, agent: agent.cardUrl }));
  const event = join(root, 'event.json');
  const run = (labels: unknown[], inputs: Record<string, string> = {}) => {
    writeFileSync(event, JSON.stringify({ action: 'labeled', pull_request: { number: 7, labels } }));
    return runAction(
      workspace,
      runnerTemp,
      { lockfiles: 'locks/*.a2a-lock.json', 'allow-network': 'loopback', ...inputs },
      { GITHUB_EVENT_PATH: event },
    );
  };
  return { run };
}

describe('the Action approves breaking changes with the pull request label', () => {
  it('passes a breaking result when the pull request carries the approval label, reported as approved', async (t) => {
    const { run } = setup(t);
    const r = await run([{ name: 'documentation' }, { name: 'approved-breaking-change' }]);
    assert.equal(r.code, 0, r.log);
    assert.equal(r.outputs['exit-code'], '0');
    assert.match(r.log, /^approved: the pull request carries the label "approved-breaking-change"/m);
    assert.match(
      r.log,
      /^::warning file=locks\/pricing\.a2a-lock\.json,.*title=lockfile-breaking::.*\(approved by label "approved-breaking-change"\)$/m,
    );
    assert.doesNotMatch(r.log, /^::error/m);
    assert.match(
      r.log,
      /^a2acap check: 1 lockfile: 0 compatible, 0 review, 1 breaking, 0 errors \(passing: 1 approved\)$/m,
    );
    assert.match(r.summary, /breaking \(approved\)/);
    assert.match(r.summary, /Passing anyway: 1 as approved/);
    const sarif = JSON.parse(readFileSync(field(r.outputs, 'sarif-file'), 'utf8')) as Sarif;
    const breaking = sarif.runs[0]!.results.filter((x) => x.ruleId === 'lockfile-breaking');
    assert.equal(breaking.length, 1);
    assert.deepEqual(breaking[0]!.properties, { approved: true, approvedBy: 'label "approved-breaking-change"' });
  });

  it('fails without the label, and the summary says which label approves', async (t) => {
    const { run } = setup(t);
    const r = await run([{ name: 'documentation' }, { name: 'approved-breaking' }]);
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['exit-code'], '1');
    assert.match(r.log, /^::error file=locks\/pricing\.a2a-lock\.json,.*title=lockfile-breaking::/m);
    assert.match(r.log, /add the label "approved-breaking-change" to the pull request/);
    assert.match(r.summary, /add the label approved-breaking-change to the pull request/);
    const sarif = JSON.parse(readFileSync(field(r.outputs, 'sarif-file'), 'utf8')) as Sarif;
    assert.ok(sarif.runs[0]!.results.every((x) => x.properties === undefined));
  });

  it('takes the label the approval-label input names', async (t) => {
    const { run } = setup(t);
    const r = await run([{ name: 'approved-breaking-change' }], { 'approval-label': 'a2a: accept' });
    assert.equal(r.code, 1, r.log);
    assert.match(r.summary, /add the label a2a&#58; accept to the pull request/);
    const ok = await run([{ name: 'a2a: accept' }], { 'approval-label': 'a2a: accept' });
    assert.equal(ok.code, 0, ok.log);
  });

  it('keeps label names holding workflow commands, markdown and HTML inert in the log and the summary', async (t) => {
    const { run } = setup(t);
    const evil =
      '::error::pwned\n::add-mask::x\r\n::set-output name=exit-code::0 <img src=x> [a](http://e.example) @team';
    const labels = [{ name: evil }, { name: 42 }, null, { name: ['x'] }, 'plain string'];
    const r = await run(labels, { 'approval-label': evil });
    assert.equal(r.code, 0, r.log);
    for (const line of r.log.split('\n')) {
      if (!line.startsWith('::')) continue;
      // Only the check's own annotations: the label text never starts a command of its own.
      assert.match(line, /^::(warning|notice) file=locks\//, line);
    }
    assert.doesNotMatch(r.log, /^::(error|add-mask|set-output)::?/m);
    assert.equal(r.outputs['exit-code'], '0');
    assert.doesNotMatch(r.summary, /<img|\[a\]\(|@team|http:\/\//);
    const denied = await run([{ name: 'other' }], { 'approval-label': evil });
    assert.equal(denied.code, 1, denied.log);
    assert.doesNotMatch(denied.log, /^::(add-mask|set-output)/m);
    assert.doesNotMatch(denied.summary, /<img|\[a\]\(|@team|http:\/\//);
    assert.match(denied.summary, /add the label &#58;&#58;error&#58;&#58;pwned&#92;u000a&#58;&#58;add-mask/);
  });

  it('approves nothing on a push (no pull request in the payload) or with an unreadable payload', async (t) => {
    const root = tempDir(t, 'a2a-action-approval-push-');
    const workspace = join(root, 'w');
    mkdirSync(join(workspace, 'locks'), { recursive: true });
    mkdirSync(join(root, 'tmp'));
    const lock = JSON.parse(readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8')) as object;
    writeFileSync(join(workspace, 'locks', 'p.a2a-lock.json'), JSON.stringify({ ...lock, agent: agent.cardUrl }));
    const push = join(root, 'push.json');
    writeFileSync(push, JSON.stringify({ ref: 'refs/heads/main', labels: [{ name: 'approved-breaking-change' }] }));
    const r = await runAction(
      workspace,
      join(root, 'tmp'),
      { lockfiles: 'locks/*.a2a-lock.json', 'allow-network': 'loopback' },
      { GITHUB_EVENT_PATH: push },
    );
    assert.equal(r.code, 1, r.log);
    assert.doesNotMatch(r.summary, /add the label/);
    const broken = join(root, 'broken.json');
    writeFileSync(broken, '{"pull_request": ');
    const b = await runAction(
      workspace,
      join(root, 'tmp'),
      { lockfiles: 'locks/*.a2a-lock.json', 'allow-network': 'loopback' },
      { GITHUB_EVENT_PATH: broken },
    );
    assert.equal(b.code, 1, b.log);
    assert.match(b.log, /^::warning::the event payload \(GITHUB_EVENT_PATH\) could not be read/m);
  });
});
