/**
 * The editor's document requests, translated: each LSP request becomes one call of a document analysis
 * (app/document/) over the server's world, and its finished result is the answer. Cancellation, failures and
 * pacing are the server's (runSafe.ts, app/document/pace.ts); what the answer says is the analysis's.
 */
import type { CodeLens, Hover } from 'vscode-languageserver';
import { capabilities, NONE_CAPABILITIES } from '../app/document/capabilities';
import { codeActions } from '../app/document/codeActions';
import { codeLenses } from '../app/document/codeLens';
import { completion } from '../app/document/completion';
import { folding } from '../app/document/folding';
import { hover } from '../app/document/hover';
import { pauseFor } from '../app/document/pace';
import { symbols } from '../app/document/symbols';
import { CapabilitiesRequest } from '../protocol';
import type { ServerContext } from './context';
import { invalidParams } from './requestParams';
import { runSafe } from './runSafe';

export function registerDocumentRequests(ctx: ServerContext): void {
  const { connection, world } = ctx;
  const log = connection.console;
  connection.onHover((params, token) =>
    runSafe(log, token, null, 'hover', (): Promise<Hover | null> =>
      hover(world, { uri: params.textDocument.uri, position: params.position }, pauseFor(token)),
    ),
  );
  connection.onCompletion((params, token) =>
    runSafe(log, token, [], 'completion', () =>
      completion(world, { uri: params.textDocument.uri, position: params.position }),
    ),
  );
  connection.onCodeAction((params, token) =>
    runSafe(log, token, [], 'code actions', () =>
      codeActions(world, { uri: params.textDocument.uri, context: params.context }),
    ),
  );
  connection.onDocumentSymbol((params, token) =>
    runSafe(log, token, [], 'document symbols', () => symbols(world, { uri: params.textDocument.uri })),
  );
  connection.onFoldingRanges((params, token) =>
    runSafe(log, token, [], 'folding', () => folding(world, { uri: params.textDocument.uri })),
  );
  connection.onCodeLens((params, token) =>
    runSafe(log, token, [] as CodeLens[], 'code lens', () => codeLenses(world, { uri: params.textDocument.uri })),
  );
  // a2a/capabilities: the "A2A Capabilities" tree for one open document.
  connection.onRequest(
    CapabilitiesRequest.type,
    (params, token) =>
      invalidParams(params, { uri: 'string' }) ??
      runSafe(log, token, NONE_CAPABILITIES, 'capabilities', () => capabilities(world, { uri: params.uri })),
  );
}
