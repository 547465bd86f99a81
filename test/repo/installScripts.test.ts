/**
 * A clean `npm ci` is quiet about install scripts: package.json's `allowScripts` (npm 11) decides, for every
 * package in the lockfile that has one, whether it runs. A dependency that gains an install script shows up here
 * first, so someone decides instead of npm warning every contributor. Why each decision is safe: CONTRIBUTING.md.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

test('allowScripts decides for exactly the locked packages that have install scripts', () => {
  const withScripts = Object.entries(lock.packages)
    .filter(([path, p]) => path !== '' && p.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  assert.ok(withScripts.length > 0, 'the lockfile records install scripts');
  // Bare names: this lockfile carries no registry URLs, and npm 11 refuses to match a version it cannot verify.
  assert.deepEqual(Object.keys(pkg.allowScripts ?? {}).sort(), [...new Set(withScripts)].sort());
  assert.ok(Object.values(pkg.allowScripts!).every((v) => typeof v === 'boolean'));
});

const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
const hasInstallScripts =
  spawnSync('npm', ['help', 'install-scripts'], { encoding: 'utf8', timeout: 30_000 }).status === 0;

test(
  'npm itself finds no unreviewed install script in the installed tree',
  { skip: !hasInstallScripts && `npm ${npmVersion} has no install-scripts command` },
  () => {
    const r = spawnSync('npm', ['install-scripts', 'ls', '--offline'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /No packages with unreviewed install scripts/);
  },
);
