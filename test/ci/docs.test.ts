/**
 * docs/ci.md's workflows are complete and match what they use: the GitHub workflow parses, names only inputs
 * action.yml declares and outputs it sets, and keeps the fork-safe shape the page explains; the GitLab job parses,
 * writes Code Quality reports with flags the CLI accepts and hands them to `artifacts:reports:codequality`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'js-yaml';
import { REPO, actionYaml } from './runAction';
import { cli } from '../cli/helpers';
import { at } from '../at';

interface Step {
  id?: string;
  uses?: string;
  with?: Record<string, unknown>;
  if?: string;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { permissions?: Record<string, string>; steps: Step[] }>;
}
interface GitLabJob {
  script: string[];
  artifacts: { when?: string; reports: { codequality: string[] } };
}

const doc = readFileSync(join(REPO, 'docs', 'ci.md'), 'utf8');
const yamlTexts = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => at(m, 1));
const yamlBlocks = yamlTexts.map((text) => load(text) as Record<string, unknown>);
/** The check workflow: the first one of the page (the update workflow has a test of its own, updateWorkflow.test.ts). */
const workflowIndex = yamlBlocks.findIndex((b) => 'jobs' in b);
const workflow = yamlBlocks[workflowIndex] as unknown as Workflow;
/** The page without the other workflows, whose steps are not the action's. */
const checkPage = yamlTexts
  .filter((_text, i) => i !== workflowIndex && 'jobs' in (yamlBlocks[i] ?? {}))
  .reduce((page, text) => page.replace(text, ''), doc);
const gitlab = yamlBlocks
  .map((b) => Object.values(b)[0] as GitLabJob)
  .find((job) => job && typeof job === 'object' && 'artifacts' in job);

test('docs/ci.md: the GitHub workflow uses the action with declared inputs and outputs only', () => {
  assert.ok(workflow, 'a workflow block (with jobs:)');
  const action = actionYaml();
  const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
  const ours = steps.filter((s) => s.uses?.startsWith('a2a-capabilities/a2a-capabilities@'));
  assert.equal(ours.length, 1);
  for (const input of Object.keys(at(ours, 0).with ?? {}))
    assert.ok(input in action.inputs, `action.yml declares input ${input}`);
  // The action's own bundle runs (at the ref `uses:` names): no package to pin.
  assert.equal(at(ours, 0).with?.package, undefined, 'the workflow runs the bundled CLI');
  const outputs = [...checkPage.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)];
  assert.ok(outputs.length > 0);
  for (const [, id, name] of outputs) {
    assert.equal(id, at(ours, 0).id);
    assert.ok(name! in action.outputs, `action.yml sets output ${name}`);
  }
  // What the page promises: checkout, setup-node, cache for --cache-dir, upload-sarif.
  const uses = steps.map((s) => s.uses?.replace(/@.*/, ''));
  for (const name of ['actions/checkout', 'actions/setup-node', 'actions/cache', 'github/codeql-action/upload-sarif'])
    assert.ok(uses.includes(name), name);
  const cache = steps.find((s) => s.uses?.startsWith('actions/cache@'))!;
  assert.equal(
    cache.with?.path,
    at(ours, 0).with?.['cache-dir'],
    'the cache restores the folder the check keeps cards in',
  );
});

test('docs/ci.md: the GitHub workflow is safe for pull requests from forks', () => {
  assert.ok('pull_request' in workflow.on);
  assert.ok(!('pull_request_target' in workflow.on), 'pull_request_target would run fork lockfiles with secrets');
  assert.deepEqual(workflow.permissions, { contents: 'read' });
  for (const job of Object.values(workflow.jobs)) {
    for (const [scope, level] of Object.entries(job.permissions ?? {}))
      assert.ok(scope === 'security-events' || level === 'read', `${scope}: ${level}`);
    for (const step of job.steps) {
      assert.doesNotMatch(JSON.stringify(step), /secrets\./, 'no secret in the job');
      if (step.uses?.startsWith('a2a-capabilities/'))
        assert.equal(step.with?.['allow-network'] ?? '', '', 'public addresses only');
      if (step.uses?.startsWith('github/codeql-action/upload-sarif'))
        assert.match(step.if ?? '', /head\.repo\.full_name == github\.repository/);
    }
  }
});

test('docs/ci.md: the GitLab job installs this version of a2acap, in a line of its own', () => {
  assert.ok(gitlab);
  const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
  assert.equal(at(gitlab.script, 0), `npm install --global --no-audit --no-fund a2acap@${version}`);
});

test('docs/ci.md: the GitLab job writes Code Quality reports a2acap can write, into artifacts:reports:codequality', async () => {
  assert.ok(gitlab, 'a GitLab job (with artifacts:)');
  const reports = gitlab.artifacts.reports.codequality;
  assert.ok(reports.length > 0);
  const commands = gitlab.script.filter((line) => /^a2acap (lint|check) /.test(line));
  assert.ok(commands.length >= 2);
  for (const line of commands) {
    assert.match(line, /--format codequality > (\S+)/);
    assert.ok(reports.includes(/--format codequality > (\S+)/.exec(line)![1]!), line);
    // The flags as written are ones the command accepts: its usage check runs before any file is read.
    const argv = line
      .replace(/^a2acap /, '')
      .replace(/\$\([^)]*\)/, 'x')
      .replace(/ >.*$/, '')
      .split(/\s+/);
    const r = await cli([...argv, '--help'], REPO);
    assert.equal(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
});
