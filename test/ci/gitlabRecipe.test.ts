/**
 * docs/ci.md's GitLab job, its script lines run as a runner runs them (sh, stopping at the first failing line) with
 * stand-ins for npm, npx and a2acap: a job that could not obtain or run a2acap fails, whatever the line; lint
 * errors (exit 1) let the check run; a breaking check (1) or a check that could not run (2) fails the job.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { REPO } from './runAction';
import { tempDir } from '../cli/helpers';
import { at } from '../at';

interface GitLabJob {
  script: string[];
  artifacts?: unknown;
}

const doc = readFileSync(join(REPO, 'docs', 'ci.md'), 'utf8');
const script = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)]
  .map((m) => Object.values(load(at(m, 1)) as Record<string, unknown>)[0] as GitLabJob)
  .find((job) => job && typeof job === 'object' && 'artifacts' in job)!.script;

interface World {
  /** npm's and npx's exit code (0: npm installs the a2acap stand-in). */
  npm: number;
  lint?: number;
  check?: number;
}

/** A git repository and a bin folder of shell stand-ins; the lines run under sh with only that bin and the system's. */
function runJob(t: { after: (fn: () => void) => void }, world: World, lines: readonly string[]) {
  const root = tempDir(t, 'a2a-gitlab-');
  const bin = join(root, 'bin');
  const work = join(root, 'work');
  mkdirSync(bin);
  mkdirSync(work);
  spawnSync('git', ['init', '-q', work]);
  const stub = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  // The package npm would install: an a2acap that answers lint and check with the codes the world says.
  const installed = join(root, 'a2acap');
  writeFileSync(
    installed,
    `#!/bin/sh\ncase "$1" in lint) echo '[]'; exit ${world.lint ?? 0};; check) echo '[]'; exit ${world.check ?? 0};; esac\nexit 2\n`,
  );
  chmodSync(installed, 0o755);
  const fail = `echo "npm error could not reach the registry" >&2; exit ${world.npm}`;
  stub('npm', world.npm === 0 ? `cp "${installed}" "${bin}/a2acap"` : fail);
  stub('npx', world.npm === 0 ? `shift; shift; exec "${installed}" "$@"` : fail);
  const r = spawnSync('sh', ['-e', '-c', lines.join('\n')], {
    cwd: work,
    encoding: 'utf8',
    env: { PATH: `${bin}:/usr/local/bin:/usr/bin:/bin`, HOME: root },
  });
  return r.status;
}

describe("docs/ci.md: the GitLab job's script", () => {
  it('every line fails on its own when a2acap cannot be obtained (npm and npx fail, no a2acap)', (t) => {
    assert.ok(script.length >= 2);
    for (const line of script)
      assert.notEqual(runJob(t, { npm: 1 }, [line]), 0, `this line passes without a2acap: ${line}`);
  });

  it('the job: lint errors (1) let the check run; a breaking check (1) or anything that is not a result fails it', (t) => {
    const cases: [World, boolean][] = [
      [{ npm: 1 }, false],
      [{ npm: 0, lint: 0, check: 0 }, true],
      [{ npm: 0, lint: 1, check: 0 }, true],
      [{ npm: 0, lint: 2, check: 0 }, false],
      [{ npm: 0, lint: 134, check: 0 }, false],
      [{ npm: 0, lint: 0, check: 1 }, false],
      [{ npm: 0, lint: 1, check: 2 }, false],
    ];
    for (const [world, passes] of cases) assert.equal(runJob(t, world, script) === 0, passes, JSON.stringify(world));
  });
});
