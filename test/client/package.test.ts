/**
 * The .vsix ships only the allowlist of .vscodeignore: the bundles, schemas, grammars, README, LICENSE
 * and the icon. `vsce ls` computes exactly the file set `vsce package` zips.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
const VSCE = join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
const BUNDLES = ['client/dist/extension.js', 'server/dist/server.js', 'server/dist/cli.js', 'server/dist/grpc-runtime.js'];

test('the packaged extension contains exactly the allowlisted files', { skip: !BUNDLES.every((b) => existsSync(join(ROOT, b))) && 'run npm run build first' }, () => {
  const r = spawnSync(process.execPath, [VSCE, 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  const files = r.stdout.split('\n').map((l) => l.trim()).filter(Boolean).sort();
  const allowed = [/^package\.json$/, /^README\.md$/, /^LICENSE$/, /^images\/icon\.png$/, /^images\/activity-bar\.svg$/, /^schemas\/[^/]+\.schema\.json$/, /^syntaxes\/[^/]+\.json$/, ...BUNDLES.map((b) => new RegExp(`^${b.replace(/[./]/g, '\\$&')}$`))];
  const unexpected = files.filter((f) => !allowed.some((re) => re.test(f)));
  assert.deepEqual(unexpected, [], 'nothing outside the allowlist (no sources, maps, tests, node_modules)');
  for (const required of ['package.json', 'README.md', 'LICENSE', 'images/icon.png', 'images/activity-bar.svg', 'syntaxes/a2a-agent-card.tmLanguage.json', 'syntaxes/a2a-lockfile.tmLanguage.json', 'syntaxes/language-configuration.json', 'schemas/agent-card-1.0.schema.json', ...BUNDLES]) {
    assert.ok(files.includes(required), `${required} is packaged`);
  }
});
