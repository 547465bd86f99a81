/**
 * What every front end's output goes through: card and agent text made visible or escaped, credentials taken
 * out, I/O failures in one line, documents parsed, and the deterministic JSON writer of machine outputs.
 */
export * from '../core/redact';
export * from '../core/untrustedText';
export * from '../core/machineJson';
export * from '../core/ioReason';
export * from '../core/document';
export * from '../core/bytes';
export * from '../core/net/errors';
