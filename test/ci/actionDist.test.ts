/**
 * The CLI bundle committed for the GitHub Action (action/dist, scripts/build-action.mjs) is what the sources give,
 * byte for byte, as `check-dist` checks for JavaScript actions: a change to the CLI without `npm run build:action`
 * fails here, not on a user's runner. It stays out of everything else the repository ships.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO } from './runAction';

interface BuildAction {
  actionBundle(): Promise<Map<string, string>>;
  staleFiles(files: Map<string, string>, dir?: string): string[];
}

describe('action/dist', () => {
  it('is up to date with the sources (npm run build:action)', async () => {
    const build = (await import(join(REPO, 'scripts', 'build-action.mjs'))) as BuildAction;
    const files = await build.actionBundle();
    assert.deepEqual([...files.keys()].sort(), ['cli.cjs', 'jose.cjs', 'undici.cjs']);
    assert.deepEqual(build.staleFiles(files), [], 'run npm run build:action and commit action/dist');
    // Deterministic: a second build gives the same bytes.
    const again = await build.actionBundle();
    for (const [name, text] of files) assert.equal(again.get(name), text, name);
    // Nothing of the machine that built it.
    for (const text of files.values()) assert.doesNotMatch(text, /sourceMappingURL|\/work\/|\/home\//);
  });

  it('stays out of formatting, linting, the .vsix and the npm package', () => {
    const read = (file: string) => readFileSync(join(REPO, file), 'utf8');
    assert.match(read('.prettierignore'), /^\*\*\/dist\/$/m);
    assert.match(read('eslint.config.mjs'), /'\*\*\/dist\/\*\*'/);
    // .vscodeignore is an allowlist: everything out, then the extension's own files back in.
    const vscodeignore = read('.vscodeignore').split('\n');
    assert.equal(
      vscodeignore.find((l) => l && !l.startsWith('#')),
      '**',
    );
    assert.ok(!vscodeignore.some((l) => l.startsWith('!') && /action/.test(l)));
    assert.match(read('.gitignore'), /^!action\/dist\/$/m);
    const manifest = JSON.parse(read('package.json')) as { files?: string[] };
    assert.ok(!manifest.files?.some((f) => f.includes('action')));
  });
});
