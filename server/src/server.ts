/**
 * Node entry of the A2A language server. `node server/dist/server.js --stdio` (any LSP client) or
 * `--node-ipc` (the VS Code client); createConnection picks the transport from argv.
 */
import { createConnection, ProposedFeatures } from './lsp/languageServer';
import { nodeFiles } from './node/nodeFiles';
import { startServer } from './lsp/startServer';

const connection = createConnection(ProposedFeatures.all);
// Anything a library prints must not corrupt the stdio channel: route console output to the client log.
console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
console.info = console.log;
console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));

startServer(connection, {
  timer: {
    setTimeout: (fn, ms) => {
      const handle = setTimeout(fn, ms);
      return { dispose: () => clearTimeout(handle) };
    },
  },
  files: nodeFiles,
});
