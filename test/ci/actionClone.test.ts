/**
 * The GitHub Action as a workflow gets it with `uses: owner/a2a-capabilities@ref`: a clone of the repository at
 * that ref (here HEAD of this checkout), not built, no node_modules, and a runner on which the npm registry cannot
 * be reached and npm/npx are not even on PATH. The CLI bundle committed in action/dist must do the whole check:
 * against a loopback agent (live) and against a card file, with its outputs, annotations and summary.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { tempDir } from '../cli/helpers';
import { field } from '../at';
import { REPO, runAction } from './runAction';

const FIXTURES = join(REPO, 'test', 'fixtures', 'check');

let agent: PricingAgent;
before(async () => {
  agent = await startPricingAgent({ port: 0 });
});
after(() => agent.close());

/** A closed loopback port: the registry every npm setting points at. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('the GitHub Action from a clone of the repository', () => {
  it('runs its committed bundle with no npm, no build and no registry', async (t) => {
    const root = tempDir(t, 'a2a-action-clone-');
    const actionPath = join(root, 'action');
    // What is committed at HEAD, nothing of this checkout's build or node_modules.
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', REPO, actionPath]);
    assert.ok(existsSync(join(actionPath, 'action', 'dist', 'cli.cjs')), 'action/dist is committed');
    assert.ok(!existsSync(join(actionPath, 'node_modules')) && !existsSync(join(actionPath, 'server', 'dist')));

    // The runner's PATH: node and bash only (no npm, no npx, no git).
    const bin = join(root, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync(execFileSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim(), join(bin, 'bash'));
    const port = await closedPort();
    const offline = {
      PATH: bin,
      npm_config_registry: `http://127.0.0.1:${port}/`,
      npm_config_offline: 'true',
      npm_config_cache: join(root, 'npm-cache'),
    };

    const workspace = join(root, 'work');
    const runnerTemp = join(root, 'runner-temp');
    mkdirSync(join(workspace, 'locks'), { recursive: true });
    mkdirSync(runnerTemp);
    const lock = JSON.parse(readFileSync(join(REPO, 'examples', 'planner', 'pricing.a2a-lock.json'), 'utf8')) as object;
    writeFileSync(
      join(workspace, 'locks', 'pricing.a2a-lock.json'),
      JSON.stringify({ ...lock, agent: agent.cardUrl }, null, 2),
    );
    const fixture = join(FIXTURES, 'breaking-streaming-gone');
    writeFileSync(join(workspace, 'card.json'), readFileSync(join(fixture, 'card.json')));
    writeFileSync(join(workspace, 'cards.a2a-lock.json'), readFileSync(join(fixture, 'lock.json')));

    // Live, against the loopback agent: passes at the pinned version, breaks when streaming is gone.
    const pass = await runAction(
      workspace,
      runnerTemp,
      { lockfiles: 'locks/*.a2a-lock.json', 'allow-network': 'loopback' },
      offline,
      actionPath,
    );
    assert.equal(pass.code, 0, pass.log);
    assert.equal(pass.outputs['exit-code'], '0');
    assert.match(pass.log, /^a2acap check: 1 lockfile: 1 compatible, 0 review, 0 breaking, 0 errors$/m);
    agent.setVersion('no-streaming');
    try {
      const broke = await runAction(
        workspace,
        runnerTemp,
        { lockfiles: 'locks/*.a2a-lock.json', 'allow-network': 'loopback', 'sarif-file': 'reports/a2a.sarif' },
        offline,
        actionPath,
      );
      assert.equal(broke.code, 1, broke.log);
      assert.equal(broke.outputs['exit-code'], '1');
      assert.equal(broke.outputs['sarif-file'], join(workspace, 'reports', 'a2a.sarif'));
      assert.match(readFileSync(field(broke.outputs, 'sarif-file'), 'utf8'), /"ruleId": "lockfile-breaking"/);
      assert.match(
        broke.log,
        /^::error file=locks\/pricing\.a2a-lock\.json,line=\d+,col=\d+,title=lockfile-breaking::/m,
      );
      assert.match(broke.summary, /breaking/i);
    } finally {
      agent.setVersion('base');
    }

    // Against a card file of the repository.
    const card = await runAction(
      workspace,
      runnerTemp,
      { mode: 'card', card: 'card.json', lockfiles: 'cards.a2a-lock.json' },
      offline,
      actionPath,
    );
    assert.equal(card.code, 1, card.log);
    assert.equal(card.outputs['exit-code'], '1');
    assert.match(
      card.log,
      /^::error file=cards\.a2a-lock\.json,line=11,col=18,title=lockfile-breaking::the lock needs streaming/m,
    );
    assert.match(card.log, /^a2acap check: 1 lockfile: 0 compatible, 0 review, 1 breaking, 0 errors$/m);
    assert.ok(existsSync(field(card.outputs, 'sarif-file')));

    // `package` still means npx, which this runner does not have: a clear error, never a result.
    const npx = await runAction(
      workspace,
      runnerTemp,
      { mode: 'card', card: 'card.json', lockfiles: 'cards.a2a-lock.json', package: 'a2acap@0.1.0' },
      offline,
      actionPath,
    );
    assert.equal(npx.code, 2, npx.log);
    assert.match(npx.log, /^::error::a2acap action: /m);
  });
});
