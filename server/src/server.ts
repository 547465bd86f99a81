/**
 * Node entry of the A2A language server. `node server/dist/server.js --stdio` (any LSP client) or
 * `--node-ipc` (the VS Code client); createConnection picks the transport from argv.
 */
import { createConnection, ProposedFeatures } from './lsp/languageServer';
import { nodeFiles } from './node/nodeFiles';
import { startServer } from './lsp/startServer';
import type { Disposable } from './lsp/runtime';

const connection = createConnection(ProposedFeatures.all);
// Anything a library prints must not corrupt the stdio channel: route console output to the client log.
console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
console.info = console.log;
console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));

startServer(connection, {
  timer: {
    setTimeout: (fn, ms) => (ms > 0 ? afterDelay(fn, ms) : afterQueuedMessages(fn)),
  },
  files: nodeFiles,
});

function afterDelay(fn: () => void, ms: number): Disposable {
  const handle = setTimeout(fn, ms);
  return { dispose: () => clearTimeout(handle) };
}

/**
 * A delay of 0 (validationDelayMs: 0): `fn` runs as soon as the messages already received are handled, without
 * the millisecond a 0 ms timer waits. The connection handles one queued message per setImmediate turn, so two
 * turns let the next queued message (another change) run first and reschedule: a burst is still coalesced.
 */
function afterQueuedMessages(fn: () => void): Disposable {
  let handle = setImmediate(() => {
    handle = setImmediate(fn);
  });
  return { dispose: () => clearImmediate(handle) };
}
