/**
 * What every front end's output goes through: card and agent text made visible or escaped, credentials taken
 * out, I/O failures in one line, documents parsed, and the deterministic JSON writer of machine outputs.
 */
export * from '../core/text/redact';
export * from '../core/text/untrustedText';
export * from '../core/report/machineJson';
export * from '../core/text/ioReason';
export * from '../core/document';
export * from '../core/bytes/bytes';
export * from '../core/net/errors';
