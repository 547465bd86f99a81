// Node built-in modules the language server needs only for some requests, loaded on first use instead of at start.
// Node compiles a built-in the first time it is required (child_process, crypto, the DNS and fs promise APIs are not
// in its start-up snapshot): vscode-languageserver requires child_process (to find global npm/yarn folders) and
// vscode-jsonrpc crypto (named pipes, UUIDs) at load time, and the server's network and file code imports crypto,
// dns/promises and fs/promises. The first diagnostics use none of them (test/lsp/startup.test.ts).
//
// In the bundle each such `require` gets a stand-in that requires the real module when a property is first read:
// call sites read the property at the call (esbuild emits `(0, import_x.fn)(...)`, TypeScript `(0, x_1.fn)(...)`),
// so nothing else changes. A caller that copies every export up front (a namespace import) loads it then.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const LAZY = ['child_process', 'crypto', 'dns/promises', 'fs/promises'];
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const IMPORTS = new RegExp(`^(?:node:)?(?:${LAZY.map(escapeRegExp).join('|')})$`);

/**
 * The stand-in: a getter per export, each requiring the module on first use. The names are those of the Node that
 * builds (the code is written against them); esbuild's import helpers copy getters without calling them.
 */
function standIn(name) {
  const names = Object.getOwnPropertyNames(require(`node:${name}`));
  const getters = names.map((n) => `  get ${JSON.stringify(n)}() { return load()[${JSON.stringify(n)}]; },`);
  return `let real;
const load = () => (real ??= require(${JSON.stringify(`node:${name}`)}));
module.exports = {
${getters.join('\n')}
};
`;
}

/** esbuild plugin for the language-server bundle: the built-ins above are required when first used. */
export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: IMPORTS }, (args) =>
      args.namespace === 'lazy-builtin'
        ? { path: args.path, external: true }
        : { path: args.path.replace(/^node:/, ''), namespace: 'lazy-builtin' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({ contents: standIn(args.path), loader: 'js' }));
  },
};
