// The layer rules (.dependency-cruiser.cjs) really fail: a small tree laid out like the repository, with one
// file breaking each rule, is cruised with the repository's own configuration, which must report every rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

/** Each file breaks the rule named beside it (the files it imports exist, so only the rule can object). */
const TREE: Record<string, string> = {
  'server/src/core/ok.ts': 'export const ok = 1;\n',
  'server/src/core/deeper/importsLsp.ts': "export { lsp } from '../../lsp/server';\n", // core-stays-in-core
  'server/src/core/importsDns.ts': "export { lookup } from 'node:dns/promises';\n", // core-no-node-builtins
  'server/src/core/importsUndici.ts': "export { Agent } from 'undici';\n", // core-no-network-or-editor
  'server/src/node/importsCli.ts': "export { cli } from '../cli/main';\n", // node-imports-core
  'server/src/mcp/importsLsp.ts': "export { lsp } from '../lsp/server';\n", // mcp-imports-core-and-node
  'server/src/lsp/server.ts': "export { cli } from '../cli/main';\nexport const lsp = 1;\n", // lsp-not-cli
  'server/src/cli/main.ts': "export { lsp } from '../lsp/server';\nexport const cli = 1;\n", // cli-not-lsp (and a cycle)
  'server/src/api/index.ts': "export { cli } from '../cli/main';\n", // api-imports-app
  'server/src/protocol.ts': 'export const protocol = 1;\n',
  'client/src/extension.ts':
    "export { ok } from '../../server/src/core/ok';\nexport { protocol } from '../../server/src/protocol';\n", // client-imports-protocol-only
  'client/src/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n", // no-circular
  'client/src/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
};

const RULES = [
  'no-circular',
  'core-stays-in-core',
  'core-no-node-builtins',
  'core-no-network-or-editor',
  'node-imports-core',
  'mcp-imports-core-and-node',
  'lsp-not-cli',
  'cli-not-lsp',
  'api-imports-app',
  'client-imports-protocol-only',
];

function cruise(dir: string): { status: number | null; out: string } {
  const bin = join(root, 'node_modules', '.bin', 'depcruise');
  const r = spawnSync(
    bin,
    ['server/src', 'client/src', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err'],
    { cwd: dir, encoding: 'utf8' },
  );
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

test('dependency-cruiser reports every layer rule and the no-cycle rule, and fails', () => {
  const dir = mkdtempSync(join(tmpdir(), 'a2a-layers-'));
  try {
    for (const [path, text] of Object.entries(TREE)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'Node16', moduleResolution: 'Node16', strict: true } }),
    );
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const { status, out } = cruise(dir);
    assert.notEqual(status, 0, out);
    for (const rule of RULES) assert.match(out, new RegExp(`error ${rule}:`), `${rule} not reported:\n${out}`);
    assert.doesNotMatch(out, /server\/src\/core\/ok\.ts →/, 'a core file importing nothing broke a rule');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
