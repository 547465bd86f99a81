/**
 * What every front end's output goes through: card and agent text made visible or escaped, credentials taken
 * out, I/O failures in one line, documents parsed, and the deterministic JSON writer of machine outputs.
 */
export { redactError, redactValue, redactorFor, urlSecrets, withoutUserinfo, type Redactor } from '../core/text/redact';
export { escapeControls, oneLineText } from '../core/text/untrustedText';
export { secretRedactor } from '../core/text/hideSecrets';
export { escapeHiddenInJson, machineJson } from '../core/report/machineJson';
export { ioReason } from '../core/text/ioReason';
export { isObject, stripBom } from '../core/document';
export { NetError, displayUrl, isNetError } from '../core/net/errors';
