// `npm run watch`: rebuild the bundles (scripts/build.mjs --watch), type-check (tsc --watch) and regenerate the
// generated files (npm run generate) when a rule, package.json or a schema changes. Ctrl+C stops all three.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['scripts/build.mjs', '--watch'], { cwd: root, stdio: 'inherit' }),
  spawn(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.json',
      '--noEmit',
      '--watch',
      '--preserveWatchOutput',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
];

/** Sources of generated files; a burst of saves regenerates once. */
const SOURCES = ['server/src/core/rules', 'package.json', 'schemas'];
let timer;
function regenerate() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    spawn(process.execPath, ['--import', 'tsx', 'scripts/generate/generate.ts'], { cwd: root, stdio: 'inherit' });
  }, 300);
}
const watchers = SOURCES.map((s) => watch(join(root, s), { recursive: s !== 'package.json' }, regenerate));
regenerate();

function stop() {
  for (const w of watchers) w.close();
  for (const c of children) c.kill();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
