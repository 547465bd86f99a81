/**
 * examples/github/a2acap-update.yml run here short of GitHub: its own `run:` scripts, read from the YAML so they
 * cannot drift, under bash as a runner runs them (`bash --noprofile --norc -eo pipefail`), with this build's CLI as
 * `a2acap`, against a clone of a local bare repository and two real agents on loopback. The one step that needs
 * GitHub, peter-evans/create-pull-request, is played by what it does with its inputs: commit the listed paths on the
 * fixed branch and force-push it, nothing when nothing changed.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { load } from 'js-yaml';
import { startPricingAgent, type PricingAgent } from '../../examples/pricing-agent/server';
import { tempDir } from '../cli/helpers';
import { REPO } from './runAction';

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string | boolean>;
}
interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, { steps: Step[]; strategy?: { matrix: string } }>;
}

const WORKFLOW = join(REPO, 'examples', 'github', 'a2acap-update.yml');
const workflow = load(readFileSync(WORKFLOW, 'utf8')) as Workflow;
const step = (job: string, find: (s: Step) => boolean): Step => {
  const found = workflow.jobs[job]?.steps.find(find);
  assert.ok(found, `a step of job ${job}`);
  return found;
};
const listStep = step('providers', (s) => s.id === 'list');
const updateStep = step('update', (s) => s.id === 'update');
const prStep = step('update', (s) => s.uses?.startsWith('peter-evans/create-pull-request@') === true);

/** `${{ a.b.c }}` with the values of `context`; any other expression fails the test (the stand-in would drift). */
function expand(text: string, context: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    assert.ok(Object.hasOwn(context, expr), `an expression the test does not know: ${expr}`);
    return context[expr]!;
  });
}

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

interface PullRequest {
  title: string;
  body: string;
  labels: string;
  head: string;
}

interface Run {
  matrix: { include: { provider: string; branch: string }[] };
  /** The update step's outputs and summary, per branch. */
  jobs: Map<string, { outputs: Record<string, string>; summary: string; status: number | null }>;
}

describe('examples/github/a2acap-update.yml, run against a bare repository and agents on loopback', () => {
  let a: PricingAgent;
  let b: PricingAgent;
  let root: string;
  let origin: string;
  let work: string;
  let bin: string;
  const prs = new Map<string, PullRequest>();
  const cleanup: (() => void)[] = [];
  const t = { after: (fn: () => void) => cleanup.push(fn) };

  before(async () => {
    [a, b] = await Promise.all([startPricingAgent(), startPricingAgent()]);
    root = tempDir(t, 'a2a-update-workflow-');
    origin = join(root, 'origin.git');
    work = join(root, 'work');
    bin = join(root, 'bin');
    mkdirSync(bin);
    // The CLI the install step would put on PATH: this build's bundle.
    writeFileSync(
      join(bin, 'a2acap'),
      `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'server', 'dist', 'cli.js')}" "$@"\n`,
    );
    chmodSync(join(bin, 'a2acap'), 0o755);
    git(root, 'init', '-q', '--bare', '-b', 'main', origin);
    git(root, 'clone', '-q', origin, work);
    git(work, 'checkout', '-q', '-b', 'main');
    mkdirSync(join(work, 'locks'));
    for (const [agent, out] of [
      [a, 'locks/a.a2a-lock.json'],
      [b, 'b.a2a-lock.json'],
    ] as const) {
      const r = await shell(`a2acap pin ${agent.url} --skill itinerary-pricing --input text/plain --out ${out}`, {});
      assert.equal(r.status, 0, r.stderr);
    }
    git(work, 'add', '.');
    git(work, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'pin');
    git(work, 'push', '-q', 'origin', 'main');
  });
  after(async () => {
    await Promise.all([a.close(), b.close()]);
    for (const fn of cleanup) fn();
  });

  /** Asynchronous: the agents answer from this process, which must not be blocked while the CLI calls them. */
  function shell(
    script: string,
    env: Record<string, string>,
  ): Promise<{ status: number | null; stdout: string; stderr: string }> {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd: work,
      env: {
        PATH: `${bin}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
        HOME: root,
        A2ACAP_ALLOW_NETWORK: 'loopback',
        NO_COLOR: '1',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
  }

  /** One step's script as the runner runs it; its GITHUB_OUTPUT and GITHUB_STEP_SUMMARY read back. */
  async function runStep(s: Step, env: Record<string, string>, context: Record<string, string>) {
    const temp = tempDir(t, 'a2a-runner-');
    const output = join(temp, 'output');
    const summary = join(temp, 'summary');
    writeFileSync(output, '');
    writeFileSync(summary, '');
    const stepEnv = Object.fromEntries(Object.entries(s.env ?? {}).map(([k, v]) => [k, expand(v, context)]));
    const r = await shell(s.run!, {
      ...env,
      ...stepEnv,
      RUNNER_TEMP: temp,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
    });
    const outputs: Record<string, string> = {};
    for (const line of readFileSync(output, 'utf8').split('\n')) {
      const eq = line.indexOf('=');
      if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
    }
    return { status: r.status, stderr: r.stderr, outputs, summary: readFileSync(summary, 'utf8'), temp };
  }

  /** A fresh checkout of main, as each job starts with. */
  function checkout(): void {
    git(work, 'fetch', '-q', 'origin');
    git(work, 'checkout', '-q', '-f', 'main');
    git(work, 'reset', '-q', '--hard', 'origin/main');
    git(work, 'clean', '-qfdx');
  }

  /** What create-pull-request does with its inputs, locally: no change, no branch; else the branch force-pushed. */
  function createPullRequest(context: Record<string, string>): void {
    const inputs = Object.fromEntries(
      Object.entries(prStep.with ?? {}).map(([k, v]) => [k, expand(String(v), context)]),
    );
    const paths = inputs['add-paths']!.split(/[\n,]/).filter(Boolean);
    // Its own test for changes (git status on the paths, untracked files included), then `git add -- paths`.
    if (git(work, 'status', '--porcelain', '-unormal', '--', ...paths).trim() === '') return;
    git(work, 'add', '--', ...paths);
    const branch = inputs.branch!;
    git(work, 'checkout', '-q', '-B', branch);
    git(work, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', inputs['commit-message']!);
    git(work, 'push', '-q', '--force', 'origin', branch);
    prs.set(branch, {
      title: inputs.title!,
      body: readFileSync(inputs['body-path']!, 'utf8'),
      labels: inputs.labels!,
      head: git(work, 'rev-parse', 'HEAD').trim(),
    });
  }

  async function runWorkflow(): Promise<Run> {
    const env = {};
    checkout();
    const list = await runStep(listStep, env, {});
    assert.equal(list.status, 0, list.stderr);
    const matrix = JSON.parse(list.outputs.matrix!) as Run['matrix'];
    assert.equal(list.outputs.any, String(matrix.include.length > 0));
    const jobs: Run['jobs'] = new Map();
    if (list.outputs.any !== 'true') return { matrix, jobs };
    for (const entry of matrix.include) {
      checkout();
      const context = { 'matrix.provider': entry.provider, 'matrix.branch': entry.branch };
      const update = await runStep(updateStep, env, context);
      jobs.set(entry.branch, { outputs: update.outputs, summary: update.summary, status: update.status });
      assert.equal(update.status, 0, update.stderr);
      createPullRequest({
        ...context,
        'runner.temp': update.temp,
        'steps.update.outputs.labels': update.outputs.labels ?? '',
      });
    }
    checkout();
    return { matrix, jobs };
  }

  const updateBranches = () =>
    git(work, 'ls-remote', '--heads', 'origin')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[1]!.replace('refs/heads/', ''))
      .filter((h) => h !== 'main');
  const lockOn = (branch: string, path: string) => JSON.parse(git(work, 'show', `origin/${branch}:${path}`));

  it('the workflow declares what the test gives it', () => {
    assert.match(prStep.uses!, /^peter-evans\/create-pull-request@[0-9a-f]{40}$/);
    assert.match(readFileSync(WORKFLOW, 'utf8'), /peter-evans\/create-pull-request@[0-9a-f]{40} # v\d+\.\d+\.\d+\n/);
    assert.equal(existsSync(join(REPO, 'server', 'dist', 'cli.js')), true, 'npm run build first');
  });

  it('nothing changed: no provider in the matrix, no branch', async () => {
    a.setVersion('base');
    b.setVersion('base');
    const run = await runWorkflow();
    assert.deepEqual(run.matrix.include, []);
    assert.deepEqual(updateBranches(), []);
  });

  let first = '';
  let branchOfA = '';
  it('a compatible change: the branch a2acap/update/<provider> with the rewritten lockfile and a body', async () => {
    a.setVersion('version');
    const run = await runWorkflow();
    assert.deepEqual(
      run.matrix.include.map((e) => e.provider),
      [a.url],
    );
    branchOfA = run.matrix.include[0]!.branch;
    assert.match(branchOfA, /^a2acap\/update\/http-127\.0\.0\.1-\d+-[0-9a-f]{8}$/);
    assert.deepEqual(updateBranches(), [branchOfA]);
    assert.equal(lockOn(branchOfA, 'locks/a.a2a-lock.json').agent_version, '3.3.0');
    assert.deepEqual(lockOn(branchOfA, 'b.a2a-lock.json'), lockOn('main', 'b.a2a-lock.json'));
    assert.equal(git(work, 'rev-list', '--count', `origin/main..origin/${branchOfA}`).trim(), '1');
    const pr = prs.get(branchOfA)!;
    assert.match(pr.body, /🟡 \*\*review\*\*/);
    assert.match(pr.body, /\| locks\/a\.a2a-lock\.json \| review \| updated \|/);
    assert.equal(pr.labels, '');
    assert.equal(run.jobs.get(branchOfA)!.summary, pr.body, 'the body is also the job summary');
    first = pr.head;
  });

  it('a second run after another change updates the same branch (force-pushed), no second branch', async () => {
    a.setVersion('description');
    await runWorkflow();
    assert.deepEqual(updateBranches(), [branchOfA]);
    const pr = prs.get(branchOfA)!;
    assert.notEqual(pr.head, first);
    assert.equal(git(work, 'rev-list', '--count', `origin/main..origin/${branchOfA}`).trim(), '1');
    const lock = lockOn(branchOfA, 'locks/a.a2a-lock.json');
    assert.equal(lock.agent_version, '3.2.0');
    assert.notEqual(lock.card_digest, lockOn('main', 'locks/a.a2a-lock.json').card_digest);
    assert.match(pr.body, /✅ \*\*compatible\*\*/);
  });

  it('a breaking change: its own pull request, rewritten, labelled, the body says what is lost and that merging approves', async () => {
    a.setVersion('base');
    b.setVersion('narrowed-input');
    const before = updateBranches();
    const run = await runWorkflow();
    const entry = run.matrix.include.find((e) => e.provider === b.url);
    assert.ok(entry, 'the breaking provider is listed');
    const job = run.jobs.get(entry.branch)!;
    assert.equal(job.status, 0, 'the job proposes the change, it does not fail');
    assert.equal(job.outputs.labels, 'breaking-change');
    assert.deepEqual(updateBranches().sort(), [...before, entry.branch].sort(), 'a branch of its own');
    assert.match(entry.branch, /^a2acap\/update\/http-127\.0\.0\.1-\d+-[0-9a-f]{8}$/);
    assert.equal(git(work, 'rev-list', '--count', `origin/main..origin/${entry.branch}`).trim(), '1');
    assert.deepEqual(lockOn(entry.branch, 'b.a2a-lock.json').requires.skills['itinerary-pricing'].input, [
      'application/json',
    ]);
    assert.deepEqual(lockOn(entry.branch, 'locks/a.a2a-lock.json'), lockOn('main', 'locks/a.a2a-lock.json'));
    const pr = prs.get(entry.branch)!;
    assert.equal(pr.labels, 'breaking-change');
    assert.match(pr.body, /❌ \*\*breaking\*\*/);
    assert.match(pr.body, /The workflow loses:\n\n- skill[^\n]*text\/plain/);
    assert.match(pr.body, /Merging this pull request is the approval/);
    assert.doesNotMatch(pr.body, /Not rewritten/);
    assert.equal(job.summary, pr.body, 'the body is also the job summary');

    // A second run while the agent stays broken updates the same branch: still one commit, no second branch.
    const again = await runWorkflow();
    assert.ok(again.jobs.has(entry.branch));
    assert.deepEqual(updateBranches().sort(), [...before, entry.branch].sort(), 'no second branch');
    assert.equal(git(work, 'rev-list', '--count', `origin/main..origin/${entry.branch}`).trim(), '1');
  });
});

it('docs/ci.md shows the example workflow as it is', () => {
  const doc = readFileSync(join(REPO, 'docs', 'ci.md'), 'utf8');
  assert.ok(doc.includes(`\`\`\`yaml\n${readFileSync(WORKFLOW, 'utf8')}\`\`\`\n`));
});
