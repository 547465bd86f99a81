// @ts-check
/**
 * The layers, by name, and no import cycles (between files, and between the core's folders). `npm run lint` runs it (`depcruise`); a file one folder deeper is
 * held to the same rules, since they match folders, not relative depths.
 *
 *   server/src/core   pure: imports nothing outside core, no Node built-ins, no network library, no editor
 *   server/src/node   the world the core takes injected (files, HTTP, DNS, gRPC): imports core
 *   server/src/app    the workflows (lint, compile, check, pin, …): core and node; no front end. app/document is
 *                     the editor's language service: it also speaks LSP's data types (vscode-languageserver-types,
 *                     -textdocument) and the extension's protocol (server/src/protocol.ts), never the connection
 *   server/src/mcp    the tools for planning models: app, core types, node
 *   server/src/lsp    the language server: app, core types, node, mcp; never cli
 *   server/src/cli    the CLI: app, core types, node, mcp; never lsp
 *   server/src/api    the npm library: a typed re-export of app (core types only)
 * Front ends reach the core's values through app: the core modules they still import for values are listed in
 * CORE_VALUES_LEFT.
 *   client/src        the VS Code extension: its own files, vscode*, and server/src/protocol.ts only
 */
/** A package by name, whether it resolved into node_modules or not (an editor API is only types here). */
const pkg = (names) => `(^|node_modules/)(@types/)?(${names})(/|$)`;
const EDITOR = pkg('vscode|vscode-languageserver[a-z-]*|vscode-languageclient');
const NETWORK = pkg('undici|@grpc/grpc-js|@a2a-js/sdk');
/** A rule's own file: named by its id, which always holds a hyphen (the helpers beside it are camelCase). */
const RULE_FILE = '^server/src/core/rules/[a-z0-9]+-[a-z0-9-]+\\.ts$';
/** What the editor's language service (app/document) may use of the editor world: data types, no connection. */
const LSP_DATA = pkg('vscode-languageserver-types|vscode-languageserver-textdocument');

/**
 * Core modules the CLI, the MCP tools and the library still import for values (not only types): each is a workflow
 * not yet moved into server/src/app. The list only shrinks.
 */
const CORE_VALUES_LEFT = [];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles: a type two files share goes to a file of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-folders-no-cycles',
      severity: 'error',
      scope: 'folder',
      comment:
        'No two core folders import each other, directly or round a ring: what both need goes to a module of its own.',
      from: { path: '^server/src/core/' },
      to: { path: '^server/src/core/', circular: true },
    },
    {
      name: 'rule-files-only-from-registry',
      severity: 'error',
      comment:
        'A rule file (core/rules/<rule-id>.ts) is imported only by the registry (rules/index.ts): what other code needs from a rule lives in a shared module the rule imports too.',
      from: { pathNot: '^server/src/core/rules/index\\.ts$' },
      to: { path: RULE_FILE },
    },
    {
      name: 'core-stays-in-core',
      severity: 'error',
      comment: 'The core imports nothing outside server/src/core.',
      from: { path: '^server/src/core/' },
      to: { path: '^(server/src|client/src)/', pathNot: '^server/src/core/' },
    },
    {
      name: 'core-no-node-builtins',
      severity: 'error',
      comment: 'The core uses no Node built-in: the Node layer implements what it takes injected.',
      from: { path: '^server/src/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-network-or-editor',
      severity: 'error',
      comment: 'The core takes its HTTP and gRPC clients injected and knows no editor.',
      from: { path: '^server/src/core/' },
      to: { path: [NETWORK, EDITOR] },
    },
    {
      name: 'node-imports-core',
      severity: 'error',
      comment: 'server/src/node serves every adapter and depends on none.',
      from: { path: '^server/src/node/' },
      to: { path: ['^(server/src|client/src)/', EDITOR], pathNot: '^server/src/(core|node)/' },
    },
    {
      name: 'app-imports-core-and-node',
      severity: 'error',
      comment: 'server/src/app is the front door of the core: it serves every front end and depends on none.',
      from: { path: '^server/src/app/', pathNot: '^server/src/app/document/' },
      to: { path: ['^(server/src|client/src)/', EDITOR], pathNot: '^server/src/(core|node|app)/' },
    },
    {
      name: 'app-document-speaks-lsp-data',
      severity: 'error',
      comment:
        'app/document is the language service: core, node, app, LSP data types and the extension protocol; never the LSP connection or a front end.',
      from: { path: '^server/src/app/document/' },
      to: {
        path: ['^(server/src|client/src)/', EDITOR],
        pathNot: ['^server/src/(core|node|app)/', '^server/src/protocol\\.ts$', LSP_DATA],
      },
    },
    {
      name: 'mcp-imports-core-and-node',
      severity: 'error',
      comment: 'server/src/mcp serves the CLI and the language server; it depends on neither.',
      from: { path: '^server/src/mcp/' },
      to: { path: ['^(server/src|client/src)/', EDITOR], pathNot: '^server/src/(app|core|node|mcp)/' },
    },
    {
      name: 'front-ends-use-core-types-only',
      severity: 'error',
      comment:
        'The CLI, the language server, the MCP tools and the library reach the core through server/src/app; from the core they import types only.',
      from: { path: '^server/src/((cli|lsp|mcp|api)/|server\\.ts$)' },
      to: {
        path: '^server/src/core/',
        pathNot: CORE_VALUES_LEFT.length ? `^server/src/core/(${CORE_VALUES_LEFT.join('|')})\\.ts$` : '^$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'lsp-not-cli',
      severity: 'error',
      comment: 'The language server and the CLI are adapters side by side: neither imports the other.',
      from: { path: '^server/src/lsp/' },
      to: { path: '^(server/src/(cli|api)|client/src)/' },
    },
    {
      name: 'cli-not-lsp',
      severity: 'error',
      comment: 'The language server and the CLI are adapters side by side: neither imports the other.',
      from: { path: '^server/src/cli/' },
      to: { path: '^(server/src/(lsp|api)|client/src)/' },
    },
    {
      name: 'api-imports-app',
      severity: 'error',
      comment: 'The npm library is a typed re-export of the workflow layer (and the Node pieces it hands out).',
      from: { path: '^server/src/api/' },
      to: { path: '^(server/src|client/src)/', pathNot: '^server/src/(app|core|node|api)/' },
    },
    {
      name: 'server-not-editor',
      severity: 'error',
      comment: 'Only client/ imports vscode.',
      from: { path: '^server/src/' },
      to: { path: pkg('vscode|vscode-languageclient') },
    },
    {
      name: 'client-imports-protocol-only',
      severity: 'error',
      comment: 'The extension shares one file with the server: server/src/protocol.ts.',
      from: { path: '^client/src/' },
      to: { path: '^server/', pathNot: '^server/src/protocol\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};
