/**
 * `a2acap lint --fix` / `--fix-dry-run`: the safe quick fixes applied, editing only the members they change; fixes
 * that need a person listed, not applied; each file written whole or not at all, never through a symbolic link
 * out of the repository. The cases (test/cli/fixtures/fix/cases.json) name each card and the text it must become.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers';

const FIXTURES = join(__dirname, 'fixtures', 'fix');

interface Case {
  name: string;
  file: string;
  fixed: string;
  applied: string[];
  manual: string[];
}

const CASES = JSON.parse(readFileSync(join(FIXTURES, 'cases.json'), 'utf8')) as Case[];

/** A repository (a folder with .git) holding a copy of `file`. */
function repoWith(t: { after: (fn: () => void) => void }, ...files: string[]): string {
  const dir = tempDir(t, 'a2a-fix-');
  mkdirSync(join(dir, '.git'));
  for (const file of files) copyFileSync(join(FIXTURES, file), join(dir, file));
  return dir;
}

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

for (const c of CASES) {
  test(`lint --fix: ${c.name}`, async (t) => {
    const dir = repoWith(t, c.file);
    const r = await cli(['lint', '--fix', c.file], dir);
    assert.notEqual(r.code, 2, r.stderr);
    assert.equal(readFileSync(join(dir, c.file), 'utf8'), fixture(c.fixed));
    for (const code of c.applied) assert.match(r.stderr, new RegExp(`fixed ${c.file}[^]*${code}`));
    for (const code of c.manual) assert.match(r.stderr, new RegExp(`a person's choice[^]*${code}`));
    // Only the temporary-free result is left (an atomic write leaves no .tmp file).
    assert.deepEqual(readdirSync(dir).sort(), ['.git', c.file]);
    // A second run has nothing left to do.
    const again = await cli(['lint', '--fix', c.file], dir);
    assert.match(again.stderr, /nothing to fix in/);
    assert.equal(readFileSync(join(dir, c.file), 'utf8'), fixture(c.fixed));
  });
}

test('lint --fix-dry-run: a unified diff of each file, nothing written', async (t) => {
  const dir = repoWith(t, 'patch.json', 'legacy.json');
  const r = await cli(['lint', '--fix-dry-run', 'patch.json', 'legacy.json'], dir);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^--- a\/patch\.json$/m);
  assert.match(r.stdout, /^\+\+\+ b\/patch\.json$/m);
  assert.match(r.stdout, /^-.*"protocolVersion": "1\.0\.1"/m);
  assert.match(r.stdout, /^\+.*"protocolVersion": "1\.0"/m);
  assert.match(r.stdout, /^--- a\/legacy\.json$/m);
  assert.equal(readFileSync(join(dir, 'patch.json'), 'utf8'), fixture('patch.json'));
  assert.equal(readFileSync(join(dir, 'legacy.json'), 'utf8'), fixture('legacy.json'));
});

test('lint --fix: a symbolic link out of the repository is not followed; the other files are fixed', async (t) => {
  const outside = repoWith(t, 'patch.json');
  const dir = repoWith(t, 'legacy.json');
  symlinkSync(join(outside, 'patch.json'), join(dir, 'linked.json'));
  const r = await cli(['lint', '--fix', 'linked.json', 'legacy.json'], dir);
  assert.equal(r.code, 2, 'a file that could not be fixed is an error');
  assert.match(r.stderr, /linked\.json: a symbolic link leads outside the repository: not fixed/);
  assert.ok(!r.stderr.includes(outside), 'where the link leads is not shown');
  assert.equal(readFileSync(join(outside, 'patch.json'), 'utf8'), fixture('patch.json'), 'the target is untouched');
  assert.equal(readFileSync(join(dir, 'legacy.json'), 'utf8'), fixture('legacy.fixed.json'));
});

test('lint --fix and --fix-dry-run exclude each other', async (t) => {
  const dir = repoWith(t, 'patch.json');
  const r = await cli(['lint', '--fix', '--fix-dry-run', 'patch.json'], dir);
  assert.equal(r.code, 2);
  assert.equal(readFileSync(join(dir, 'patch.json'), 'utf8'), fixture('patch.json'));
});
