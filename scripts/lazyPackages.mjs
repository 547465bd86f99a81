// Packages in the language-server bundle evaluated the first time they are used instead of at start. The secret
// scanner's rule packages (secretlint's, with lodash and a RegExp-string library under them) build their tables
// when they load, but the core calls them only when a text passes the secret screen (core/text/secretShapes.ts),
// which an ordinary card does not: the first diagnostics need not pay for them (test/lsp/startup.test.ts). The CEL
// evaluator is used only by a project configuration that has policies (core/policy).
//
// An import of such a package gets a module with a getter per export that requires the package on first use;
// esbuild then wraps the package (and what only it imports) to be initialised on that require. The code stays in
// the bundle: this saves evaluating it, not reading it.

const LAZY = /^(?:@secretlint\/secretlint-rule-[a-z-]+|@marcbachmann\/cel-js)$/;

/** A getter per export of `spec` (the names its ES module exports), each requiring the package on first use. */
async function standIn(spec) {
  const names = Object.keys(await import(spec)).filter((n) => n !== 'default');
  const getters = names.map((n) => `  get ${JSON.stringify(n)}() { return load()[${JSON.stringify(n)}]; },`);
  return `let real;
const load = () => (real ??= require(${JSON.stringify(spec)}));
module.exports = {
${getters.join('\n')}
};
`;
}

/** esbuild plugin: the packages above are initialised on first use; `root` is where their node_modules are. */
export function lazyPackages(root) {
  return {
    name: 'lazy-packages',
    setup(b) {
      b.onResolve({ filter: LAZY }, (args) =>
        args.namespace === 'lazy-package' ? undefined : { path: args.path, namespace: 'lazy-package' },
      );
      b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, async (args) => ({
        contents: await standIn(args.path),
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}
