// Builds the bundles and the .vsix exactly as a release would (`npm run package`), so the e2e suite and the demo
// run the packaged extension, not the source tree.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { repoRoot, vsixPath } from './paths.js';
import type { Log } from './setup.js';

export function buildAndPackage(log: Log): string {
  log('building and packaging the extension (npm run package)…');
  const started = Date.now();
  mkdirSync(dirname(vsixPath), { recursive: true }); // vsce -o does not create the folder
  const r = spawnSync('npm', ['run', '--silent', 'package'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`npm run package failed (exit ${r.status ?? r.signal}):\n${out}`);
  }
  if (!existsSync(vsixPath)) throw new Error(`npm run package succeeded but ${vsixPath} is missing`);
  log(
    `packaged ${vsixPath} (${Math.round(statSync(vsixPath).size / 1024)} KiB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return vsixPath;
}
