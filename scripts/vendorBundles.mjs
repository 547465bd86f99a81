// Third-party libraries that only some commands use, each shipped as a bundle of its own beside the CLI and
// language-server bundles and required the first time a command needs it. V8 reads and compiles a bundle's whole
// text even when most of its modules are never evaluated, and these are most of it: undici alone is 1 MB (the HTTP
// client, made with the first request), the MCP SDK brings zod and ajv (`a2acap mcp` only), jose verifies
// signatures. `a2acap lint`, `compile` and `--version` then compile none of them (test/cli/startup.test.ts).
//
// In the main bundle an import of one of these packages becomes a small module that requires the file beside it;
// the vendor bundle exports what the package exports (several entry points of one package share one file, keyed by
// subpath, so their classes stay one copy).

/** Package imports split out → the vendor file (without extension) that carries them. */
export const VENDORS = [
  { file: 'undici', imports: ['undici'] },
  { file: 'jose', imports: ['jose'] },
  {
    file: 'mcp-sdk',
    imports: [
      '@modelcontextprotocol/sdk/server/index.js',
      '@modelcontextprotocol/sdk/server/stdio.js',
      '@modelcontextprotocol/sdk/types.js',
    ],
  },
];

const vendorOf = new Map(VENDORS.flatMap((v) => v.imports.map((i) => [i, v])));
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const IMPORTS = new RegExp(`^(?:${[...vendorOf.keys()].map(escapeRegExp).join('|')})$`);

/** esbuild plugin for a main bundle: each vendored import requires `./<file><ext>` beside the bundle at run time. */
export function vendorsBeside(ext) {
  return {
    name: 'vendors-beside',
    setup(b) {
      b.onResolve({ filter: IMPORTS }, (args) => ({ path: args.path, namespace: 'vendor' }));
      b.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => {
        const v = vendorOf.get(args.path);
        const key = v.imports.length > 1 ? `.default[${JSON.stringify(args.path)}]` : '';
        return { contents: `module.exports = require(${JSON.stringify(`./${v.file}${ext}`)})${key};`, loader: 'js' };
      });
      b.onResolve({ filter: /^\.\/[\w-]+\.c?js$/, namespace: 'vendor' }, (args) => ({
        path: args.path,
        external: true,
      }));
    },
  };
}

/** The esbuild `stdin` of the vendor bundle `v`: the package's exports (by import path when there are several). */
export function vendorEntry(v, resolveDir) {
  const contents =
    v.imports.length === 1
      ? `export * from ${JSON.stringify(v.imports[0])};`
      : v.imports.map((i, n) => `import * as m${n} from ${JSON.stringify(i)};`).join('\n') +
        `\nexport default { ${v.imports.map((i, n) => `${JSON.stringify(i)}: m${n}`).join(', ')} };`;
  return { contents, resolveDir, sourcefile: `${v.file}-vendor.js`, loader: 'js' };
}
