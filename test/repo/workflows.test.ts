/**
 * The release workflow (.github/workflows/release.yml) cannot run here: `npm run lint` validates it, action.yml and
 * the documents' example workflows against GitHub's schemas (scripts/lint/workflows.ts, @action-validator/core), and
 * this test pins what a release must do and that the validator rejects a broken workflow.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'js-yaml';
import { lintWorkflows, workflowProblems, workflowSources } from '../../scripts/lint/workflows';

const ROOT = join(__dirname, '..', '..');
const RELEASE = readFileSync(join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8');

interface Step {
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  environment?: string;
  steps: Step[];
}
const workflow = load(RELEASE) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};
const runs = (job: Job): string => job.steps.map((s) => s.run ?? '').join('\n');

test('the workflows, action.yml and the example workflows of docs/ are valid (as npm run lint checks them)', () => {
  const lines: string[] = [];
  assert.equal(
    lintWorkflows(ROOT, (l) => lines.push(l)),
    0,
    lines.join('\n'),
  );
  const where = workflowSources(ROOT).map((s) => s.where);
  assert.ok(where.includes('.github/workflows/release.yml'));
  assert.ok(where.includes('action.yml'));
  assert.ok(where.includes('examples/github/a2acap-update.yml'));
  assert.ok(
    where.some((w) => w.startsWith('docs/ci.md:')),
    where.join(', '),
  );
});

test('the validator rejects a broken release workflow, naming the file and the place', () => {
  const broken = [
    RELEASE.replace('id-token: write', 'id-token: writ'),
    RELEASE.replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest'),
    RELEASE.replace("tags: ['v*']", "tags: 'v*': x"),
  ];
  for (const text of broken) {
    assert.notEqual(text, RELEASE);
    const problems = workflowProblems({ where: '.github/workflows/release.yml', kind: 'workflow', text });
    assert.ok(problems.length > 0, 'a problem is reported');
    assert.ok(
      problems.every((p) => p.startsWith('.github/workflows/release.yml: ')),
      problems.join('\n'),
    );
  }
});

test('a version tag builds and tests with the CI entry, then publishes', () => {
  assert.deepEqual(workflow.on.push.tags, ['v*']);
  assert.deepEqual(workflow.permissions, { contents: 'read' });
  const { test: testJob, publish } = workflow.jobs;
  assert.ok(testJob && publish);
  assert.match(runs(testJob), /^bash \.ci\/run$/m);
  assert.match(runs(testJob), /GITHUB_REF_NAME" = "v\$version"/, "the tag must name package.json's version");
  assert.equal(publish.needs, 'test');
  assert.deepEqual(publish.permissions, { contents: 'write', 'id-token': 'write' });
});

test('it publishes npm with provenance, both marketplaces, and attaches the tarball and the .vsix', () => {
  const publish = workflow.jobs.publish!;
  const text = runs(publish);
  assert.match(text, /npm run pack:cli/);
  assert.match(text, /npm run package/);
  assert.match(text, /npm publish "\$TARBALL" --provenance --access public/);
  assert.match(text, /vsce publish --packagePath "\$VSIX"/);
  assert.match(text, /ovsx@[\d.]+ publish "\$VSIX"/);
  assert.match(text, /gh release upload "\$GITHUB_REF_NAME" "\$TARBALL" "\$VSIX"/);
  const secrets = new Set(
    publish.steps
      .flatMap((s) => Object.values(s.env ?? {}))
      .flatMap((v) => [...v.matchAll(/secrets\.(\w+)/g)].map((m) => m[1])),
  );
  assert.deepEqual([...secrets].sort(), ['NPM_TOKEN', 'OVSX_PAT', 'VSCE_PAT']);
});

test('CONTRIBUTING.md names every secret the release workflow reads, and where it is kept', () => {
  const contributing = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const section = contributing.slice(contributing.indexOf('## Releasing'));
  assert.ok(contributing.includes('## Releasing'));
  for (const secret of new Set([...RELEASE.matchAll(/secrets\.(\w+)/g)].map((m) => m[1] ?? '')))
    assert.match(section, new RegExp(`\`${secret}\``), secret);
  assert.match(section, new RegExp(`\`${workflow.jobs.publish!.environment}\``), 'the environment holding them');
});
