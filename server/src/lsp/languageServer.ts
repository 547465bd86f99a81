/**
 * The values the server takes from vscode-languageserver, imported in this one module. The package is CommonJS, and
 * the bundle gives every module that imports it a copy of its 300-odd exports (a getter each) made at start-up:
 * one module importing it makes one copy. The rest of the server imports these names from here (types may still
 * come from the package: they cost nothing at run time).
 */
export {
  createConnection,
  ErrorCodes,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
