/**
 * What a front end resolves its settings with: the client (bindings, extensions), the size limit, the card
 * settings and the network allowance, with their defaults.
 */
export * from '../core/a2a/bindingSpec';
export * from '../core/lint';
export * from '../core/types';
export * from '../core/net/allowance';
