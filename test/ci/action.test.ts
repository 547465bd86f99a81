/**
 * The GitHub Action (action.yml + scripts/ci/github-action.mjs) run as a runner runs it (test/ci/runAction.ts):
 * a temporary git repository as GITHUB_WORKSPACE, lockfiles pinning a real agent on loopback, the runner's
 * files for outputs and the step summary. The bundled CLI is what runs (`cli` input), through a recorder that
 * notes its arguments and the network allowance it was handed.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { tempDir } from '../cli/helpers';
import { REPO, actionYaml, runAction, type ActionRun } from './runAction';
import { at, field } from '../at';

const CLI = join(REPO, 'server', 'dist', 'cli.js');
const RECORDER = join(__dirname, 'fixtures', 'recording-cli.mjs');
const FIXTURES = join(REPO, 'test', 'fixtures', 'check');

interface Call {
  args: string[];
  cwd: string;
  allowNetwork: string | null;
}

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent({ port: 0 });
});
after(() => agent.close());

/** A fresh repository (workspace) and runner temp folder; `run` runs the action in it through the recorder. */
function repository(t: { after: (fn: () => void) => void }) {
  const root = tempDir(t, 'a2a-action-');
  const workspace = join(root, 'work', 'repo');
  const runnerTemp = join(root, 'runner-temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(runnerTemp);
  execFileSync('git', ['init', '-q', workspace]);
  const record = join(root, 'calls.jsonl');
  const write = (path: string, text: string) => {
    mkdirSync(join(workspace, path, '..'), { recursive: true });
    writeFileSync(join(workspace, path), text);
  };
  const run = async (inputs: Record<string, string>): Promise<ActionRun & { calls: Call[] }> => {
    writeFileSync(record, '');
    const r = await runAction(
      workspace,
      runnerTemp,
      { cli: RECORDER, ...inputs },
      { A2ACAP_TEST_RECORD: record, A2ACAP_TEST_CLI: CLI },
    );
    const calls = readFileSync(record, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Call);
    return { ...r, calls };
  };
  return { root, workspace, runnerTemp, write, run };
}

/** The example planner's lockfile, pinned to this run's agent. */
function pricingLock(): string {
  const lock = JSON.parse(readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8')) as {
    agent: string;
  };
  return JSON.stringify({ ...lock, agent: agent.cardUrl }, null, 2);
}

/** The positional lockfiles of one call (after `--`). */
const lockfilesOf = (call: Call) => call.args.slice(call.args.indexOf('--') + 1);

interface SarifLog {
  runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
}

describe('the GitHub Action', () => {
  it('declares what docs/ci.md and the runner rely on', () => {
    const action = actionYaml();
    assert.equal(action.runs.using, 'composite');
    for (const name of [
      'lockfiles',
      'mode',
      'card',
      'fail-on',
      'cache-dir',
      'allow-network',
      'sarif-file',
      'package',
      'cli',
    ])
      assert.ok(name in action.inputs, name);
    assert.deepEqual(Object.keys(action.outputs).sort(), ['exit-code', 'sarif-file']);
    // Inputs reach the script through the environment, never spliced into the shell line (a value could be code).
    for (const step of action.runs.steps) assert.doesNotMatch(step.run, /\$\{\{/);
    // By default the bundle committed with the action runs: no package, no cli.
    assert.equal(action.inputs.package!.default, '');
    assert.equal(action.inputs.cli!.default, '');
  });

  it('live: a breaking change fails the step, SARIF and the summary are written, allow-network is passed on', async (t) => {
    const repo = repository(t);
    repo.write('agents/pricing.a2a-lock.json', pricingLock());
    repo.write('services/b/pricing.a2a-lock.json', pricingLock());
    repo.write('node_modules/dep/pinned.a2a-lock.json', pricingLock());
    // A lockfile outside the repository, reached through a symbolic link committed in it: never read.
    writeFileSync(join(repo.root, 'outside.a2a-lock.json'), pricingLock());
    symlinkSync(join(repo.root, 'outside.a2a-lock.json'), join(repo.workspace, 'agents', 'linked.a2a-lock.json'));
    symlinkSync(repo.root, join(repo.workspace, 'agents', 'up'));
    agent.setVersion('no-streaming');
    try {
      const r = await repo.run({
        lockfiles: '**/*.a2a-lock.json\n!services/**',
        'allow-network': 'loopback',
        'cache-dir': '.a2a-cache',
      });
      assert.equal(r.code, 1, r.log);
      assert.equal(r.outputs['exit-code'], '1');
      assert.equal(r.calls.length, 1, 'one run writes the annotations, the SARIF and the summary');
      for (const call of r.calls) {
        assert.deepEqual(lockfilesOf(call), ['agents/pricing.a2a-lock.json']);
        assert.equal(call.cwd, repo.workspace);
        assert.equal(call.allowNetwork, 'loopback', 'the allow-network input reaches a2acap as A2ACAP_ALLOW_NETWORK');
        assert.ok(call.args.includes('--live'));
        assert.equal(call.args[call.args.indexOf('--cache-dir') + 1], join(repo.workspace, '.a2a-cache'));
      }
      assert.match(
        r.log,
        /::warning::agents\/linked\.a2a-lock\.json: a symbolic link to outside the workspace, skipped/,
      );
      assert.equal(r.outputs['sarif-file'], join(repo.runnerTemp, 'a2acap.sarif'));
      const sarif = JSON.parse(readFileSync(field(r.outputs, 'sarif-file'), 'utf8')) as SarifLog;
      const results = at(sarif.runs, 0).results;
      assert.ok(
        results.some((x) => x.ruleId === 'lockfile-breaking'),
        JSON.stringify(results),
      );
      assert.ok(
        results.every(
          (x) => at(x.locations, 0).physicalLocation.artifactLocation.uri === 'agents/pricing.a2a-lock.json',
        ),
      );
      assert.match(r.summary, /breaking/i);
      assert.match(r.summary, /agents\/pricing\.a2a-lock\.json/);
      // The log carries the reason: an annotation on the member that broke, and the summary line.
      assert.match(
        r.log,
        /^::error file=agents\/pricing\.a2a-lock\.json,line=\d+,col=\d+,title=lockfile-breaking::the lock needs streaming/m,
      );
      assert.match(r.log, /^a2acap check: 1 lockfile: 0 compatible, 0 review, 1 breaking, 0 errors$/m);

      // Back to the pinned card: passes (the digest note only fails with fail-on note). No allowance given:
      // nothing is passed on (a loopback agent then passes or is refused, depending on a2acap's policy).
      agent.setVersion('base');
      const ok = await repo.run({
        lockfiles: 'agents/*.a2a-lock.json',
        'sarif-file': 'reports/a2a.sarif',
        'allow-network': 'loopback',
      });
      assert.equal(ok.code, 0, ok.log);
      assert.equal(ok.outputs['sarif-file'], join(repo.workspace, 'reports', 'a2a.sarif'));
      assert.ok(existsSync(field(ok.outputs, 'sarif-file')));
      const strict = await repo.run({
        lockfiles: 'agents/*.a2a-lock.json',
        'allow-network': 'loopback',
        'fail-on': 'note',
      });
      assert.equal(strict.code, 1, strict.log);
      const none = await repo.run({ lockfiles: 'agents/*.a2a-lock.json' });
      assert.ok(
        none.calls.every((c) => c.allowNetwork === null),
        'an empty input sets no allowance',
      );
      assert.ok(none.code === 0 || none.code === 2, none.log);
    } finally {
      agent.setVersion('base');
    }
  });

  it('card: every lockfile against one card file of the repository; exit code as fail-on', async (t) => {
    const repo = repository(t);
    repo.write('card.json', readFileSync(join(FIXTURES, 'breaking-streaming-gone', 'card.json'), 'utf8'));
    repo.write(
      'locks/travel.a2a-lock.json',
      readFileSync(join(FIXTURES, 'breaking-streaming-gone', 'lock.json'), 'utf8'),
    );
    const breaking = await repo.run({ mode: 'card', card: 'card.json', lockfiles: 'locks/*.a2a-lock.json' });
    assert.equal(breaking.code, 1, breaking.log);
    assert.ok(
      breaking.calls.every(
        (c) => c.args.includes('--card') && !c.args.includes('--live') && !c.args.includes('--cache-dir'),
      ),
    );

    repo.write('cosmetic/card.json', readFileSync(join(FIXTURES, 'compatible-cosmetic', 'card.json'), 'utf8'));
    repo.write('cosmetic/x.a2a-lock.json', readFileSync(join(FIXTURES, 'compatible-cosmetic', 'lock.json'), 'utf8'));
    const pass = await repo.run({
      mode: 'card',
      card: 'cosmetic/card.json',
      lockfiles: 'cosmetic/{x,y}.a2a-lock.json',
    });
    assert.deepEqual(lockfilesOf(at(pass.calls, 0)), ['cosmetic/x.a2a-lock.json']);
    assert.equal(pass.code, 0, pass.log);
    assert.match(pass.summary, /compatible/i);
    const note = await repo.run({
      mode: 'card',
      card: 'cosmetic/card.json',
      lockfiles: 'cosmetic/*.a2a-lock.json',
      'fail-on': 'note',
    });
    assert.equal(note.code, 1, note.log);
  });

  it('inputs that would leave the workspace, or are wrong, stop it before a2acap runs (exit 2, one error line)', async (t) => {
    const repo = repository(t);
    repo.write('a.a2a-lock.json', pricingLock());
    writeFileSync(join(repo.root, 'card.json'), '{}');
    symlinkSync(join(repo.root, 'card.json'), join(repo.workspace, 'linked-card.json'));
    for (const [inputs, message] of [
      [{ lockfiles: '../**/*.a2a-lock.json' }, /leaves the workspace/],
      [{ lockfiles: '/etc/*' }, /not a path inside the workspace/],
      [{ lockfiles: 'nothing/*.json' }, /no file matches/],
      [{ mode: 'card', card: '../card.json' }, /card: "\.\.\/card\.json" is outside the workspace/],
      [{ mode: 'card', card: 'linked-card.json' }, /outside the workspace/],
      [{ mode: 'card' }, /needs the card input/],
      [{ mode: 'offline' }, /mode: "offline" is not one of live, card/],
      [{ 'fail-on': 'minor' }, /fail-on: "minor" is not one of/],
    ] as const) {
      const r = await repo.run(inputs);
      assert.equal(r.code, 2, `${JSON.stringify(inputs)}: ${r.log}`);
      assert.equal(r.calls.length, 0);
      assert.match(r.log, /^::error::a2acap action: /m);
      assert.match(r.log, message);
    }
  });

  it('an a2acap that cannot be obtained, or crashes, is exit 2 with an error line, never the "breaking" 1', async (t) => {
    const repo = repository(t);
    repo.write('card.json', readFileSync(join(FIXTURES, 'compatible-cosmetic', 'card.json'), 'utf8'));
    repo.write('a.a2a-lock.json', readFileSync(join(FIXTURES, 'compatible-cosmetic', 'lock.json'), 'utf8'));
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const offline = {
      npm_config_registry: `http://127.0.0.1:${port}/`,
      npm_config_offline: 'true',
      npm_config_cache: join(repo.root, 'npm-cache'),
      npm_config_update_notifier: 'false',
    };
    const runs: [string, ActionRun][] = [
      [
        'a package that does not exist',
        await runAction(
          repo.workspace,
          repo.runnerTemp,
          { cli: '', package: 'a2acap-no-such-package-for-tests@0.0.0', mode: 'card', card: 'card.json' },
          offline,
        ),
      ],
      [
        'an unreachable registry',
        await runAction(
          repo.workspace,
          repo.runnerTemp,
          { cli: '', package: 'a2acap@0.1.0', mode: 'card', card: 'card.json' },
          { ...offline, npm_config_offline: 'false', npm_config_fetch_retries: '0' },
        ),
      ],
      [
        'a crash',
        await runAction(repo.workspace, repo.runnerTemp, {
          cli: join(__dirname, 'fixtures', 'crashing-cli.mjs'),
          mode: 'card',
          card: 'card.json',
        }),
      ],
    ];
    for (const [what, r] of runs) {
      assert.equal(r.code, 2, `${what}: ${r.log}`);
      assert.equal(r.outputs['exit-code'], '2', what);
      assert.equal(r.outputs['sarif-file'], '', `${what}: no report`);
      assert.match(
        r.log,
        /^::error::a2acap action: a2acap could not be obtained or did not run .*nothing was checked/m,
      );
    }
  });

  it('a file name from the repository cannot issue a workflow command in the log', async (t) => {
    const repo = repository(t);
    repo.write('card.json', readFileSync(join(FIXTURES, 'compatible-cosmetic', 'card.json'), 'utf8'));
    const name = 'x\n::error::forged.a2a-lock.json';
    repo.write(name, readFileSync(join(FIXTURES, 'compatible-cosmetic', 'lock.json'), 'utf8'));
    copyFileSync(join(repo.workspace, name), join(repo.workspace, 'plain.a2a-lock.json'));
    const r = await repo.run({ mode: 'card', card: 'card.json' });
    assert.equal(r.code, 0, r.log);
    assert.deepEqual(lockfilesOf(at(r.calls, 0)), ['plain.a2a-lock.json', name]);
    assert.doesNotMatch(r.log, /^::error::forged/m);
    assert.match(r.log, /x\\u000a::error::forged/);
  });
});

describe('the step log of the GitHub Action', () => {
  it('a lockfile cannot inject a workflow command, and no credential reaches the log', async (t) => {
    const repo = repository(t);
    const injection = join(__dirname, 'fixtures', 'workflow-commands');
    repo.write('card.json', readFileSync(join(injection, 'card.json'), 'utf8'));
    repo.write('locks/hostile.a2a-lock.json', readFileSync(join(injection, 'lock.json'), 'utf8'));
    const card = await repo.run({ mode: 'card', card: 'card.json', lockfiles: 'locks/*.a2a-lock.json' });
    assert.equal(card.code, 1, card.log);
    assert.match(card.log, /^::error file=locks\/hostile\.a2a-lock\.json,line=\d+,col=\d+,title=lockfile-breaking::/m);
    for (const line of card.log.split(/\r\n|\r|\n/))
      assert.doesNotMatch(line, /^::(add-mask|stop-commands|set-output)/);

    // A live lockfile whose agent URL carries a password: the annotations, the summary line, the SARIF and
    // the summary show the agent without it.
    const secret = 's3cret-in-the-url';
    const lock = JSON.parse(pricingLock()) as { agent: string };
    repo.write(
      'live/pricing.a2a-lock.json',
      JSON.stringify({ ...lock, agent: lock.agent.replace('http://', `http://ci:${secret}@`) }, null, 2),
    );
    agent.setVersion('no-streaming');
    try {
      const live = await repo.run({ lockfiles: 'live/*.a2a-lock.json', 'allow-network': 'loopback' });
      assert.ok(live.code === 1 || live.code === 2, live.log);
      assert.match(live.log, /^::error file=live\/pricing\.a2a-lock\.json/m);
      assert.doesNotMatch(live.log, new RegExp(secret));
      assert.doesNotMatch(live.summary, new RegExp(secret));
      assert.doesNotMatch(readFileSync(field(live.outputs, 'sarif-file'), 'utf8'), new RegExp(secret));
    } finally {
      agent.setVersion('base');
    }
  });
});
