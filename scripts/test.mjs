// `npm test`: runs every test suite of the project.
//   static checks               tsc --noEmit and npm run lint (prettier, eslint, the layers), on a full run only
//   test/**/*.test.ts          node:test through tsx (core, CLI, LSP over stdio, live agents on loopback)
//   test/**/*.netns.test.ts    the same, inside a network namespace whose only interface is `lo`
//                              (address-policy tests: no packet can leave loopback even if the policy were broken)
//   test/fuzz/run.ts           a short seeded fuzzing campaign over core, CLI, language server and MCP server, on a full run only
//   test/e2e/run.ts            the real VS Code suite (code-server + Chromium), when present
// Pass file or folder names to run a subset: `npm test -- test/core`. `--unit` (npm run test:unit) runs everything
// but the real VS Code suite. Type-check and lint run here once; `pretest` only builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const unit = process.argv.includes('--unit');
const args = process.argv.slice(2).filter((a) => a !== '--unit');
const skipE2e = unit || process.env.A2A_SKIP_E2E === '1';

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'fixtures' || name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, p));
  }
  return out;
}

const roots = args.length ? args : ['test'];
const files = roots
  .flatMap((r) => (r.endsWith('.ts') ? [r] : walk(join(root, r))))
  .filter((f) => !f.startsWith('test/e2e/'))
  .sort();
const plain = files.filter((f) => !f.endsWith('.netns.test.ts'));
const netns = files.filter((f) => f.endsWith('.netns.test.ts'));

const nodeArgs = ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec'];
let failed = false;
function run(cmd, argv, label) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed = true;
    console.error(`✖ ${label} failed (exit ${r.status ?? r.signal})`);
  }
}

// A full run (what CI runs) also type-checks and lints: a test file that does not type-check, or a core module
// that imports the editor, must not land because tsx strips types and runs it anyway.
if (!args.length) {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], 'typecheck (tsc --noEmit)');
  run('npm', ['run', '--silent', 'lint'], 'lint (prettier, eslint, dependency-cruiser)');
}
if (plain.length) run(process.execPath, [...nodeArgs, ...plain], `node:test (${plain.length} files)`);
if (netns.length) {
  const inner = `ip link set lo up && exec ${JSON.stringify(process.execPath)} ${nodeArgs.join(' ')} ${netns.join(' ')}`;
  run(
    'unshare',
    ['--net', '--', 'sh', '-c', inner],
    `node:test in a loopback-only network namespace (${netns.length} files)`,
  );
}
// A short fuzzing campaign (test/fuzz/run.ts, about a minute; `npm run fuzz -- --cases N` runs longer).
if (!args.length)
  run(
    process.execPath,
    ['--import', 'tsx', 'test/fuzz/run.ts', '--seed', '2026', '--seconds', '20'],
    'fuzz (core, CLI, language server, MCP server)',
  );
const e2e = join(root, 'test/e2e/run.ts');
if (!skipE2e && !args.length && existsSync(e2e))
  run(process.execPath, ['--import', 'tsx', e2e], 'real VS Code end-to-end suite');
if (failed) process.exit(1);
