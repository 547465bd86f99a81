// `npm run pack:cli`: the npm package `a2acap` (the CLI, the language server and the library), written to
// dist/a2acap-<version>.tgz, ready for `npm publish`. Everything of ours and every runtime dependency is bundled,
// so the package has no dependencies at all (nothing to resolve at install time, nothing of the editor client):
//   dist/cli.cjs              bin `a2acap`
//   dist/server.cjs           bin `a2a-language-server` (--stdio, or any vscode-languageserver transport)
//   dist/index.mjs            the library (ESM), with dist/index.d.ts, types.d.ts, errors.d.ts and core-types.d.ts
//   dist/grpc-runtime.cjs     gRPC (grpc-js + the A2A service definition), loaded on the first gRPC call only
//   dist/undici.cjs, jose.cjs, mcp-sdk.cjs   libraries only some commands use, loaded when first needed
//                             (scripts/vendorBundles.mjs)
//   schemas/                  the card, lockfile and project-configuration JSON Schemas
//   README.md                 docs/npm-package.md, the package's page on npm
// Needs the generated validators (scripts/build.mjs runs first in the npm script).
import { unicodeData } from './unicodeData.mjs';
import { VENDORS, vendorEntry, vendorsBeside } from './vendorBundles.mjs';
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// `--out DIR` packs into another folder (a test that must not share dist/ with another one running at once).
const outArg = process.argv.indexOf('--out');
const destination = outArg > 0 && process.argv[outArg + 1] ? resolve(process.argv[outArg + 1]) : join(root, 'dist');
const stage = join(destination, 'a2acap');
const out = join(stage, 'dist');

if (!existsSync(join(root, 'server/src/core/schema/generated/validators.js'))) {
  throw new Error('scripts/pack-cli.mjs: run `node scripts/build.mjs` first (generated validators are missing)');
}
rmSync(stage, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** The bundles require the gRPC runtime from the file beside them instead of bundling it (it is over 1 MB). */
const grpcRuntimeBeside = {
  name: 'grpc-runtime-beside',
  setup(b) {
    b.onResolve({ filter: /\/grpcRuntime$/ }, () => ({ path: './grpc-runtime.cjs', external: true }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // jsonc-parser's "main" is a UMD build whose internal require()s esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};
const shebang = '#!/usr/bin/env node';
/**
 * The language server's bin: started without a transport, vscode-languageserver throws (a minified stack trace);
 * a person who types the command gets one line of usage instead.
 */
const serverBin = `
const transports = ['--stdio', '--node-ipc', '--socket=', '--pipe='];
const args = process.argv.slice(2);
if (args.includes('--version')) {
  process.stdout.write(${JSON.stringify(`${manifest.version}\n`)});
} else if (args.some((a) => transports.some((t) => a === t || (t.endsWith('=') && a.startsWith(t))))) {
  require('./server/src/server.ts');
} else {
  const help = args.includes('--help') || args.includes('-h');
  (help ? process.stdout : process.stderr).write('Usage: a2a-language-server --stdio\\nThe A2A language server: start it from an editor as an LSP server over stdio (also --node-ipc, --socket=PORT, --pipe=NAME).\\n');
  process.exitCode = help ? 0 : 2;
}
`;
await Promise.all([
  build({
    ...common,
    entryPoints: [join(root, 'server/src/cli/main.ts')],
    outfile: join(out, 'cli.cjs'),
    format: 'cjs',
    banner: { js: shebang },
    plugins: [grpcRuntimeBeside, vendorsBeside('.cjs'), unicodeData],
  }),
  build({
    ...common,
    stdin: { contents: serverBin, resolveDir: root, sourcefile: 'a2a-language-server.js', loader: 'js' },
    outfile: join(out, 'server.cjs'),
    format: 'cjs',
    banner: { js: shebang },
    plugins: [grpcRuntimeBeside, vendorsBeside('.cjs'), unicodeData],
  }),
  build({
    ...common,
    entryPoints: [join(root, 'server/src/node/net/grpcRuntime.ts')],
    outfile: join(out, 'grpc-runtime.cjs'),
    format: 'cjs',
  }),
  ...VENDORS.map((v) =>
    build({ ...common, stdin: vendorEntry(v, root), outfile: join(out, `${v.file}.cjs`), format: 'cjs' }),
  ),
  // ESM has no require(): bundled CommonJS dependencies and the gRPC runtime get one made for this file.
  // The library keeps its names and line breaks: an error a program leaves unhandled prints as Node prints it, the
  // source line where it was made, then `NetError: …` and a stack of named functions, all of them readable (a
  // minified bundle prints one 100 kB line and `v [NetError]`).
  build({
    ...common,
    minify: false,
    minifySyntax: true,
    keepNames: true,
    entryPoints: [join(root, 'server/src/api/index.ts')],
    outfile: join(out, 'index.mjs'),
    format: 'esm',
    plugins: [grpcRuntimeBeside, vendorsBeside('.cjs'), unicodeData],
    banner: {
      js: "import { createRequire as __a2aCreateRequire } from 'node:module'; const require = __a2aCreateRequire(import.meta.url);",
    },
  }),
]);

// Type declarations of the library: its own types only (lib/types.ts); the façade's d.ts names nothing internal.
const declDir = join(destination, '.a2acap-types');
rmSync(declDir, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/typescript/bin/tsc'),
    '--declaration',
    '--emitDeclarationOnly',
    '--outDir',
    declDir,
    '--rootDir',
    join(root, 'server/src'),
    '--target',
    'ES2022',
    '--module',
    'Node16',
    '--moduleResolution',
    'Node16',
    '--strict',
    '--skipLibCheck',
    '--esModuleInterop',
    '--resolveJsonModule',
    '--types',
    'node',
    join(root, 'server/src/api/index.ts'),
  ],
  { encoding: 'utf8', cwd: root },
);
// tsc emits declarations for every module the façade reaches; only the library's own must be error-free (some
// internal modules export values whose types cannot be named in a .d.ts, which no user ever sees).
const ownErrors = tsc.stdout.split('\n').filter((l) => l.startsWith('server/src/api/'));
if (ownErrors.length || !existsSync(join(declDir, 'api', 'index.d.ts')))
  throw new Error(`scripts/pack-cli.mjs: declaration emit failed\n${ownErrors.join('\n') || tsc.stdout}`);
// The public types may derive from the core's data types (core/types.ts, which imports nothing): its declarations
// ship as dist/core-types.d.ts. Nothing else internal may be named.
const coreTypes = readFileSync(join(declDir, 'core', 'types.d.ts'), 'utf8');
if (/\bfrom ['"]|\bimport\(/.test(coreTypes))
  throw new Error('scripts/pack-cli.mjs: core/types.ts must import nothing: its declarations ship as they are');
writeFileSync(join(out, 'core-types.d.ts'), coreTypes);
for (const name of ['index.d.ts', 'types.d.ts', 'errors.d.ts']) {
  const text = readFileSync(join(declDir, 'api', name), 'utf8').replace(
    /from '\.\.\/core\/types'/g,
    "from './core-types.js'",
  );
  const internal = text.match(/from ['"](\.\.\/[^'"]*)['"]/);
  if (internal)
    throw new Error(
      `scripts/pack-cli.mjs: api/${name} refers to ${internal[1]}; public types belong in server/src/api/types.ts (or core/types.ts)`,
    );
  writeFileSync(join(out, name), text.replace(/from '\.\/(types|errors)'/g, "from './$1.js'"));
}
rmSync(declDir, { recursive: true, force: true });

mkdirSync(join(stage, 'schemas'));
for (const f of readdirSync(join(root, 'schemas')).filter((f) => f.endsWith('.schema.json')))
  copyFileSync(join(root, 'schemas', f), join(stage, 'schemas', f));
copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
copyFileSync(join(root, 'docs/npm-package.md'), join(stage, 'README.md'));

const pkg = {
  name: 'a2acap',
  version: manifest.version,
  description:
    'A2A 1.0 capability discovery: lint agent cards, compile per-skill profiles, check capability lockfiles in CI; a CLI, a language server for any editor, and a library.',
  license: manifest.license,
  repository: manifest.repository,
  bugs: manifest.bugs,
  homepage: manifest.homepage,
  keywords: ['a2a', 'agent2agent', 'agent-card', 'lint', 'lockfile', 'language-server', 'lsp', 'cli'],
  engines: { node: manifest.engines.node },
  bin: { a2acap: 'dist/cli.cjs', 'a2a-language-server': 'dist/server.cjs' },
  exports: {
    '.': { types: './dist/index.d.ts', import: './dist/index.mjs' },
    './schemas/*': './schemas/*',
    './package.json': './package.json',
  },
  types: './dist/index.d.ts',
  files: ['dist', 'schemas'],
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

const packed = spawnSync('npm', ['pack', '--pack-destination', destination, '--silent'], {
  cwd: stage,
  encoding: 'utf8',
});
if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
const tarball = join(destination, `a2acap-${manifest.version}.tgz`);
const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
const unpacked = readdirSync(out).reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
console.log(`${relative(root, tarball)}: ${kb(statSync(tarball).size)} (bundles ${kb(unpacked)} unpacked)`);
