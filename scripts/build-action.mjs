// `npm run build:action`: the CLI bundle the GitHub Action runs (action.yml), committed in action/dist/ as
// JavaScript actions commit theirs, so `uses: owner/a2a-capabilities@ref` needs neither npm nor a build on the
// runner. Only what `a2acap check` needs:
//   action/dist/cli.cjs       the CLI (minified, no source map, no paths of the machine that built it)
//   action/dist/undici.cjs    the HTTP client of live checks, required on the first fetch (scripts/vendorBundles.mjs)
//   action/dist/jose.cjs      signature verification, required when a card is verified
// The gRPC runtime and the MCP SDK are left out (a check never calls an agent, the Action never serves MCP).
// The build is deterministic: the same sources give the same bytes. `--check` writes nothing and exits 1 when
// action/dist differs from what the sources give (test/ci/actionDist.test.ts runs the same comparison).
// Needs the generated validators (`npm run build` first).
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unicodeData } from './unicodeData.mjs';
import { VENDORS, vendorEntry, vendorsBeside } from './vendorBundles.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ACTION_DIST = join(root, 'action', 'dist');
/** The vendor bundles a check can require. */
const NEEDED = ['undici', 'jose'];

/** Any gRPC use would require the runtime beside the bundle; the Action does not ship it (see above). */
const grpcRuntimeBeside = {
  name: 'grpc-runtime-beside',
  setup(b) {
    b.onResolve({ filter: /\/grpcRuntime$/ }, () => ({ path: './grpc-runtime.cjs', external: true }));
  },
};

const common = {
  bundle: true,
  write: false,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // jsonc-parser's "main" is a UMD build whose internal require()s esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
};

/** The files of action/dist as the sources give them: name → text. */
export async function actionBundle() {
  if (!existsSync(join(root, 'server/src/core/schema/generated/validators.js')))
    throw new Error('scripts/build-action.mjs: run `npm run build` first (generated validators are missing)');
  const results = await Promise.all([
    build({
      ...common,
      entryPoints: [join(root, 'server/src/cli/main.ts')],
      outfile: 'cli.cjs',
      banner: { js: '#!/usr/bin/env node' },
      plugins: [grpcRuntimeBeside, vendorsBeside('.cjs'), unicodeData],
    }),
    ...VENDORS.filter((v) => NEEDED.includes(v.file)).map((v) =>
      build({ ...common, stdin: vendorEntry(v, root), outfile: `${v.file}.cjs` }),
    ),
  ]);
  const files = new Map();
  for (const r of results) for (const f of r.outputFiles) files.set(f.path.split(/[\\/]/).pop(), f.text);
  return files;
}

/** Names of the files that differ between action/dist and `files` (missing, extra or changed). */
export function staleFiles(files, dir = ACTION_DIST) {
  const present = existsSync(dir) ? readdirSync(dir) : [];
  const stale = present.filter((name) => !files.has(name));
  for (const [name, text] of files) {
    if (!present.includes(name) || readFileSync(join(dir, name), 'utf8') !== text) stale.push(name);
  }
  return stale.sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await actionBundle();
  if (process.argv.includes('--check')) {
    const stale = staleFiles(files);
    if (stale.length) {
      console.error(`action/dist is out of date with the sources (${stale.join(', ')}): run npm run build:action`);
      process.exit(1);
    }
    console.log('action/dist: up to date');
  } else {
    rmSync(ACTION_DIST, { recursive: true, force: true });
    mkdirSync(ACTION_DIST, { recursive: true });
    for (const [name, text] of files) writeFileSync(join(ACTION_DIST, name), text, { mode: 0o644 });
    console.log(`action/dist: ${[...files.keys()].join(', ')}`);
  }
}
