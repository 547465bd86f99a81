/**
 * The benches measure the code as it ships. The language server and the CLI run esbuild bundles
 * (scripts/build.mjs), where a call into another module is a plain function call; loaded through tsx, every
 * cross-module call goes through an export getter instead, which costs about 20 % on the hot paths measured
 * here (compileProfile on a 3 MB card: 1.3 ms bundled, 1.7 ms through tsx). So each bench bundles the modules it
 * measures with the product's esbuild options and loads that bundle.
 */
import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');

/** `modules`: paths from the repository root (e.g. 'server/src/core/lint'); their exports, merged. */
export function loadShipped<T>(modules: readonly string[]): T {
  const dir = mkdtempSync(join(tmpdir(), 'a2acap-bench-bundle-'));
  const outfile = join(dir, 'bundle.cjs');
  try {
    buildSync({
      stdin: {
        contents: modules.map((m) => `export * from ${JSON.stringify(`./${m}`)};`).join('\n'),
        resolveDir: root,
        loader: 'ts',
      },
      outfile,
      bundle: true,
      format: 'cjs',
      platform: 'node',
      // The same options as scripts/build.mjs (jsonc-parser's "main" is a UMD build esbuild cannot follow).
      mainFields: ['module', 'main'],
      target: 'node20',
      legalComments: 'none',
      logLevel: 'warning',
    });
    return createRequire(outfile)(outfile) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
